import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailboxTransport } from './mailbox-transport';
import type { StoredMessage } from './outbox';

const message = (id: number, body: string): StoredMessage => ({
  id,
  attempts: 0,
  channel: 'email',
  recipient: 'merchant@demo.test',
  subject: 'Your password reset code',
  body,
  language: 'en',
});

describe('the mailbox transport', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bawaba-mailbox-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps each message whole in a file only its owner reads, and logs where without what it says', async () => {
    const lines: string[] = [];
    const transport = mailboxTransport(join(dir, 'mailbox'), (line) => lines.push(line));
    await transport.deliver(message(42, 'Your secret code is 654321.'));
    await transport.deliver(message(43, 'Your secret code is 123987.'));

    const names = await readdir(join(dir, 'mailbox'));
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^\d{8}T\d{9}Z-000042-email\.txt$/);
    expect(names[1]).toMatch(/^\d{8}T\d{9}Z-000043-email\.txt$/);
    expect(lines).toEqual(names.map((name) => `[outbox] email to merchant@demo.test: saved as ${name}`));
    expect(lines.join('\n')).not.toMatch(/654321|123987/);
    const text = await readFile(join(dir, 'mailbox', names[0]), 'utf8');
    expect(text).toBe(
      'To: merchant@demo.test\nSubject: Your password reset code\nChannel: email\nLanguage: en\n\nYour secret code is 654321.\n',
    );
    expect((await stat(join(dir, 'mailbox', names[0]))).mode & 0o077).toBe(0);
  });

  it('writes a WhatsApp message as it does an SMS, from the sender id, named by its channel', async () => {
    const lines: string[] = [];
    const transport = mailboxTransport(join(dir, 'mailbox'), (line) => lines.push(line));
    await transport.deliver({
      id: 7,
      attempts: 0,
      channel: 'whatsapp',
      recipient: '96550001234',
      sender: 'ALNOOR',
      body: 'Dear Noura, please pay 25.500 KWD: https://pay.example.test/smspay/INV-1',
      language: 'en',
    });
    const [name] = await readdir(join(dir, 'mailbox'));
    expect(name).toMatch(/^\d{8}T\d{9}Z-000007-whatsapp\.txt$/);
    expect(lines).toEqual([`[outbox] whatsapp to 96550001234: saved as ${name}`]);
    expect(await readFile(join(dir, 'mailbox', name), 'utf8')).toBe(
      'To: 96550001234\nFrom: ALNOOR\nChannel: whatsapp\nLanguage: en\n\nDear Noura, please pay 25.500 KWD: https://pay.example.test/smspay/INV-1\n',
    );
  });
});
