import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { RateLimits } from '../../src/server/auth/rate-limits';
import type { FilledData } from './data';
import type { BenchTarget } from './figures';
import { stopProcess } from '../../tests/support/child-process';

/**
 * Starts the bench's server in a process of its own (`serve.ts`), so the load tool never shares
 * its event loop, and stops it. `BENCH_SERVER_FLAGS` adds Node flags to it (`--cpu-prof`).
 */

/** A started server process: where it listens, its process id, and how to stop it. */
export interface ServerProcess {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export interface BenchServer {
  target: BenchTarget;
  stop(): Promise<void>;
}

const STARTUP_MS = 120_000;

/**
 * Starts `serve.ts` over a migrated database and waits until it answers. `rateLimits` replaces
 * some of the server's limits, for a scenario whose load comes from one address (the checkout's
 * customers all order from loopback).
 */
export async function startServerProcess(options: {
  database: FilledData['database'];
  port: number;
  rateLimits?: Partial<RateLimits>;
  /** Names the server in the log line, e.g. "postgresql". */
  name: string;
  log: (line: string) => void;
}): Promise<ServerProcess> {
  const { database, port, rateLimits, name, log } = options;
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = fork(join(import.meta.dirname, 'serve.ts'), [], {
    execArgv: ['--import', 'tsx', ...flags],
    env: { ...process.env, BENCH_SERVER: JSON.stringify({ database, port, rateLimits }) },
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
    `server: ${name} ready at ${baseUrl} (pid ${child.pid}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { baseUrl, pid: child.pid as number, stop: () => stopProcess(child, exited) };
}

/** The bench's server over the filled data, and the target the sections measure. */
export async function startBenchServer(options: {
  data: FilledData;
  database: 'pglite' | 'postgresql';
  port: number;
  log: (line: string) => void;
}): Promise<BenchServer> {
  const { data, database, port, log } = options;
  const server = await startServerProcess({ database: data.database, port, name: database, log });
  return {
    target: {
      baseUrl: server.baseUrl,
      database,
      account: data.account,
      pid: server.pid,
      invoiceReference: data.invoiceReference,
      saleReference: data.saleReference,
      orderReference: data.orderReference,
      log,
    },
    stop: server.stop,
  };
}
