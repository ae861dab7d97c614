import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { FilledData } from './data';
import type { BenchTarget } from './figures';
import { stopProcess } from '../../tests/support/child-process';

/**
 * Starts the bench's server in a process of its own (`serve.ts`), so the load tool never shares
 * its event loop, and stops it. `BENCH_SERVER_FLAGS` adds Node flags to it (`--cpu-prof`).
 */

export interface BenchServer {
  target: BenchTarget;
  stop(): Promise<void>;
}

const STARTUP_MS = 120_000;

export async function startBenchServer(options: {
  data: FilledData;
  database: 'pglite' | 'postgresql';
  port: number;
  log: (line: string) => void;
}): Promise<BenchServer> {
  const { data, database, port, log } = options;
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = fork(join(import.meta.dirname, 'serve.ts'), [], {
    execArgv: ['--import', 'tsx', ...flags],
    env: { ...process.env, BENCH_SERVER: JSON.stringify({ database: data.database, port }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = performance.now();
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The bench server did not start in ${STARTUP_MS} ms`)), STARTUP_MS);
    child.once('message', (message: { ready?: string }) => {
      clearTimeout(timer);
      if (message.ready) resolve(message.ready);
      else reject(new Error('The bench server sent an unexpected message'));
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The bench server exited (${code}) before it was ready`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const answer = await fetch(`${baseUrl}/v1/openapi.json`);
  if (!answer.ok) throw new Error(`The bench server answers ${answer.status}`);
  log(
    `server: ${database} ready at ${baseUrl} (pid ${child.pid}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  return {
    target: {
      baseUrl,
      database,
      account: data.account,
      pid: child.pid as number,
      invoiceReference: data.invoiceReference,
      log,
    },
    stop: () => stopProcess(child, exited),
  };
}
