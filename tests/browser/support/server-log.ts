import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';

/** The server's console output, kept in a file the test workers can read (outbox lines included). */
export class ServerLog {
  constructor(readonly file: string) {
    writeFileSync(file, '');
  }

  append(chunk: Buffer): void {
    appendFileSync(this.file, chunk);
  }
}

/** Waits for a line of the server log matching `pattern` that appeared after `fromOffset` bytes. */
export async function waitForLogLine(
  file: string,
  pattern: RegExp,
  fromOffset = 0,
  timeoutMs = 10_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = readFileSync(file, 'utf8').slice(fromOffset);
    const match = text.match(pattern);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No server log line matched ${pattern}`);
}

export function logSize(file: string): number {
  return readFileSync(file).length;
}
