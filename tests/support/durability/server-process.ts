import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { stopProcess } from '../child-process';

/**
 * The production server (`src/server/main.ts`) in a process of its own, as it runs in production,
 * so that it can be killed with SIGKILL mid-write and started again on the same data.
 */

const root = join(import.meta.dirname, '..', '..', '..');
const STARTUP_MS = 120_000;

/** Where a server keeps its data: the embedded database in a folder, or a PostgreSQL schema. */
/**
 * Where a server keeps its data: the embedded database in `dataDir`, or PostgreSQL; uploads and
 * the mailbox are in `dataDir` either way.
 */
export type DataPlace = { dataDir: string } & (
  { driver: 'pglite' } | { driver: 'postgres'; url: string; schema: string }
);

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Kills the process with SIGKILL and waits until it is gone. */
  kill(): Promise<void>;
  /** Asks the process to shut down (SIGTERM) and waits; SIGKILL after 30 s. */
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function environment(place: DataPlace, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The refund rounds move the clock past the 20 minutes a same-day refund waits.
    SANDBOX_CLOCK: '1',
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  env.DATA_DIR = place.dataDir;
  if (place.driver === 'postgres') Object.assign(env, { DATABASE_URL: place.url, DATABASE_SCHEMA: place.schema });
  return env;
}

/** Starts the server on `place` and resolves once it answers. */
export async function startServerProcess(place: DataPlace, log: (line: string) => void): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: environment(place, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it answered:\n${output}`);
    if (performance.now() - started > STARTUP_MS) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within ${STARTUP_MS} ms:\n${output}`);
    }
    const answer = await fetch(`${baseUrl}/v1/openapi.json`).catch(() => null);
    if (answer?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log(`server ${place.driver} pid ${child.pid} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  return {
    baseUrl,
    pid: child.pid as number,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    stop: () => stopProcess(child, exited),
  };
}
