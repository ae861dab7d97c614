import type { StoredMessage, Transport } from './outbox';

/**
 * Transport when none is configured: one line per message on stdout naming its channel, recipient
 * and subject, e.g. `[outbox] email to merchant@demo.test: Your password reset code (94 characters)`.
 * What a message says (a reset code, a payment link) is never printed: logs are read by more
 * people than mailboxes are. `npm start` keeps whole messages in files (`mailbox-transport.ts`).
 */
export function consoleTransport(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Transport {
  return {
    async deliver(message: StoredMessage) {
      const subject = message.subject ? `${message.subject.replace(/\s+/g, ' ').trim()} ` : '';
      write(`[outbox] ${message.channel} to ${message.recipient}: ${subject}(${message.body.length} characters)`);
    },
  };
}

/** Keeps messages in memory (tests read reset codes from it). */
export function memoryTransport(): Transport & { messages: StoredMessage[] } {
  const messages: StoredMessage[] = [];
  return {
    messages,
    async deliver(message) {
      messages.push(message);
    },
  };
}
