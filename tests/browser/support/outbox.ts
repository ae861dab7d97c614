import ar from '../../../locales/ar.json';
import en from '../../../locales/en.json';
import { waitForLogLine } from './server-log';

/**
 * Reading the e-mails the server "sends": each is one server-log line
 * `[outbox] email to <address>: <subject> — <body>` (see `src/server/outbox/console-transport.ts`).
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The reset e-mail's line for `email` in `language`, with the six-digit code as group 1. */
export function resetEmailPattern(email: string, language: 'en' | 'ar'): RegExp {
  const { reset_email_subject: subject, reset_email_body: body } = { en, ar }[language].app.auth;
  const [beforeCode] = body.split('%{code}');
  return new RegExp(`\\[outbox\\] email to ${escape(email)}: ${escape(subject)} — ${escape(beforeCode)}(\\d{6})\\b`);
}

/** Waits for the reset e-mail to `email` written after `fromOffset` and returns its secret code. */
export async function waitForResetCode(
  logFile: string,
  email: string,
  fromOffset: number,
  language: 'en' | 'ar' = 'en',
): Promise<string> {
  const [, code] = await waitForLogLine(logFile, resetEmailPattern(email, language), fromOffset);
  return code;
}
