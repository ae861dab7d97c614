import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  isIpLiteral,
  nonPublicKind,
  webhookUrlProblem,
  type AddressKind,
  type WebhookUrlProblem,
} from '../../shared/public-address';

/**
 * Where a webhook goes, and the POST itself. The URL is checked again (it may have been stored
 * before the rules tightened), its host name is resolved once, every address it resolves to must be
 * public, and the connection is made to those very addresses: a second DNS answer (rebinding to a
 * private address between the check and the connection) is never asked for. TLS still names the
 * host (SNI, certificate check, `Host`). Redirects are not followed: a 3xx is an answer like any other.
 */

/** One address a host name resolves to, as `dns.lookup(host, { all: true })` gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has. */
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** A URL that may be called, with the vetted addresses of its host. */
export interface Target {
  url: URL;
  addresses: ResolvedAddress[];
}

/** Why a webhook is not sent, for the delivery log. */
export class Refused extends Error {
  override readonly name = 'Refused';
}

const PROBLEMS: Record<Exclude<WebhookUrlProblem, AddressKind>, string> = {
  invalid: 'not a valid URL',
  'not-https': 'only https URLs are called',
  credentials: 'the URL holds a user name or password',
  'local-host': 'the host is this machine (localhost)',
};

const KINDS: Record<AddressKind, string> = {
  unspecified: 'an unspecified',
  loopback: 'a loopback',
  private: 'a private network',
  shared: 'a carrier-grade NAT',
  'link-local': 'a link-local (or cloud metadata)',
  multicast: 'a multicast',
  reserved: 'a reserved',
};

const describeProblem = (problem: WebhookUrlProblem, host: string) =>
  problem in PROBLEMS
    ? PROBLEMS[problem as keyof typeof PROBLEMS]
    : `${host} is ${KINDS[problem as AddressKind]} address`;

/** Settles as `promise` does, or rejects when `signal` aborts first (`promise` is still handled). */
function raced<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

/**
 * The target of a webhook URL. Throws `Refused` when the URL or any address of its host is not
 * allowed (`allowPrivate` lets http and private addresses through); a failed DNS look-up throws as is.
 */
export async function vetTarget(
  text: string,
  { allowPrivate = false, resolve = systemResolve }: { allowPrivate?: boolean; resolve?: Resolve },
  signal: AbortSignal,
): Promise<Target> {
  signal.throwIfAborted();
  const problem = webhookUrlProblem(text, { allowPrivate });
  const url = problem === 'invalid' ? null : new URL(text);
  if (problem || !url) throw new Refused(`refused: ${describeProblem(problem ?? 'invalid', url?.hostname ?? '')}`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIpLiteral(host)
    ? [{ address: host, family: host.includes(':') ? 6 : 4 }]
    : await raced(resolve(host), signal);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!allowPrivate)
    for (const { address } of addresses) {
      const kind = nonPublicKind(address);
      if (kind) throw new Refused(`refused: ${host} resolves to ${address}, ${KINDS[kind]} address`);
    }
  return { url, addresses };
}

/** A `lookup` that answers with the vetted addresses only, whatever name it is asked about. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter(({ family }) => wanted === 0 || family === wanted);
    if (usable.length === 0) {
      callback(Object.assign(new Error('No vetted address of the wanted family'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    // Node asks for every address when it tries several in turn (autoSelectFamily).
    if (options.all) (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  };
}

/**
 * POSTs `body` to the target, connecting to its vetted addresses only; resolves with the answer's
 * status (redirects not followed), rejects on a network error or when `signal` aborts.
 */
export function postTo(
  target: Target,
  headers: OutgoingHttpHeaders,
  body: string,
  signal: AbortSignal,
): Promise<number> {
  const { url, addresses } = target;
  const secure = url.protocol === 'https:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise<number>((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: pinnedLookup(addresses),
        // TLS is checked against the name, never an address (SNI may not carry an address).
        ...(secure && !isIpLiteral(host) ? { servername: host } : {}),
        // A fresh connection each time: no socket pooled by another request is reused.
        agent: false,
        signal,
      },
      (response) => {
        response.resume();
        response.on('error', () => {});
        resolve(response.statusCode ?? 0);
        request.destroy();
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
