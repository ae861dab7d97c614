import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { waitForLogLine } from './server-log';

/**
 * Reading the e-mails the server "sends": the log says `[outbox] email to <address>: saved as
 * <file>` and the message itself is that file in the server's mailbox folder (see
 * `src/server/outbox/mailbox-transport.ts`).
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The reset e-mail for `email` in `language`, with the six-digit code as group 1. */
export function resetEmailPattern(email: string, language: 'en' | 'ar'): RegExp {
  const { reset_email_subject: subject, reset_email_body: body } = { en, ar }[language].app.auth;
  const [beforeCode] = body.split('%{code}');
  return new RegExp(
    `^To: ${escape(email)}\\nSubject: ${escape(subject)}\\n[\\s\\S]*?\\n\\n${escape(beforeCode)}(\\d{6})\\b`,
  );
}

/** Waits for the reset e-mail to `email` sent after `fromOffset` of the log and returns its secret code. */
export async function waitForResetCode(
  logFile: string,
  email: string,
  fromOffset: number,
  language: 'en' | 'ar' = 'en',
): Promise<string> {
  const [, file] = await waitForLogLine(
    logFile,
    new RegExp(`\\[outbox\\] email to ${escape(email)}: saved as (\\S+)`),
    fromOffset,
  );
  const text = readFileSync(join(inject('mailboxDir'), file), 'utf8');
  const match = text.match(resetEmailPattern(email, language));
  if (!match) throw new Error(`The e-mail to ${email} is not a reset e-mail in ${language}:\n${text}`);
  return match[1];
}
