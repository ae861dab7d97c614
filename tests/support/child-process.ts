import type { ChildProcess } from 'node:child_process';

/**
 * Stops a server started as a child process as an operator would: SIGTERM, and SIGKILL when it
 * has not exited within `graceMs`. `exited` settles when the process has gone.
 */
export async function stopProcess(child: ChildProcess, exited: Promise<unknown>, graceMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
