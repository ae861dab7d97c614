import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ServerLog } from './support/server-log';

/**
 * Builds the portal as for production and starts the real server on a free port with a fresh
 * embedded database, exactly as `npm start` does, so browser tests see what a user sees.
 * Set BAWABA_SKIP_BUILD=1 to reuse an existing `dist/` while iterating.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverLogFile: string;
    /** The folder where the server keeps the e-mails and SMS it sends. */
    mailboxDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url}/v1/health within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  if (process.env.BAWABA_SKIP_BUILD !== '1' || !existsSync('dist/index.html') || !existsSync('dist/pay.html')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'bawaba-browser-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = new ServerLog(join(dataDir, 'server.log'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'db'),
      PUBLIC_URL: baseUrl,
      // Browser tests move time forward (a pending card settling) through `POST /v1/sandbox/clock`.
      SANDBOX_CLOCK: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => log.append(chunk));
  server.stderr?.on('data', (chunk: Buffer) => log.append(chunk));
  await waitForHealth(baseUrl, server, 120_000);

  project.provide('baseUrl', baseUrl);
  project.provide('serverLogFile', log.file);
  project.provide('mailboxDir', join(dataDir, 'db', 'mailbox'));

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (server.exitCode === null) server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  };
}
