import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A merchant's webhook endpoint for tests: a real HTTP server on 127.0.0.1 that records every
 * request (and counts every connection, answered or not) and answers as told, 200 when not told.
 */

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the endpoint answers, request after request: a status, `hang` (no answer) or a redirect. */
export type Answer = number | 'hang' | 'redirect';

export type WebhookEndpoint = Awaited<ReturnType<typeof webhookEndpoint>>;

export async function webhookEndpoint() {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const connections = { count: 0 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') return;
      if (answer === 'redirect') response.writeHead(302, { location: '/elsewhere' }).end();
      else response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.on('connection', () => connections.count++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** The endpoint's URL under `host` (which a test's resolver sends to 127.0.0.1). */
    url: (path = '/hooks', host = '127.0.0.1', scheme = 'http') => `${scheme}://${host}:${port}${path}`,
    received,
    answers,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
