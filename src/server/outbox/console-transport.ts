import type { StoredMessage, Transport } from './outbox';

/**
 * Default transport of a developer machine: one line per message on stdout, e.g.
 * `[outbox] email to merchant@demo.test: Your password reset code — Your secret code is 123456 …`.
 * The line format is relied on by the browser tests to read reset codes.
 */
export function consoleTransport(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Transport {
  return {
    async deliver(message: StoredMessage) {
      const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
      const subject = message.subject ? `${oneLine(message.subject)} — ` : '';
      const sender = message.sender ? ` (from ${message.sender})` : '';
      write(`[outbox] ${message.channel} to ${message.recipient}${sender}: ${subject}${oneLine(message.body)}`);
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
