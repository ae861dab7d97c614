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

/** Waits for a line of the server log matching `pattern` written after `fromOffset` (a `logSize`, in bytes). */
export async function waitForLogLine(
  file: string,
  pattern: RegExp,
  fromOffset = 0,
  timeoutMs = 10_000,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const text = readFileSync(file).subarray(fromOffset).toString('utf8');
    const match = text.match(pattern);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No server log line matched ${pattern}`);
}

/** Where the log ends now, in bytes: the offset to pass to `waitForLogLine`. */
export function logSize(file: string): number {
  return readFileSync(file).length;
}
