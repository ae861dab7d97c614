import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredMessage, Transport } from './outbox';

/**
 * Transport of a machine without a mail or SMS gateway (`npm start`): each message is written whole
 * to a file of its own in `dir`, readable by this machine's user only, and the server log says
 * where — one line `[outbox] email to merchant@demo.test: saved as 20261122T081500123Z-000042-email.txt`. What a
 * message says (a password-reset code, a payment link) never goes into the log.
 */
export function mailboxTransport(
  dir: string,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Transport {
  return {
    async deliver(message: StoredMessage) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      // The time first: names sort by sending, and a database started afresh never reuses one.
      const sent = new Date().toISOString().replace(/[-:]/g, '').replace('.', '');
      const name = `${sent}-${String(message.id).padStart(6, '0')}-${message.channel}.txt`;
      await writeFile(join(dir, name), messageText(message), { mode: 0o600 });
      write(`[outbox] ${message.channel} to ${message.recipient}: saved as ${name}`);
    },
  };
}

/** A message as a mail client shows it: its headers, a blank line, then the text. */
export function messageText(message: StoredMessage): string {
  const headers = [
    `To: ${message.recipient}`,
    ...(message.sender ? [`From: ${message.sender}`] : []),
    ...(message.subject ? [`Subject: ${message.subject}`] : []),
    `Channel: ${message.channel}`,
    `Language: ${message.language}`,
  ];
  return `${headers.join('\n')}\n\n${message.body}\n`;
}
