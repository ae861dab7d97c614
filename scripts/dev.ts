/**
 * Development mode: the API (restarted on change by tsx watch) on :8080 and the portal with hot
 * reload from Vite on :5173, which proxies `/v1` to the API. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];

function stop(): void {
  for (const child of children) child.kill('SIGTERM');
}

process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
