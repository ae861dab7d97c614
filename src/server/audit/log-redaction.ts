import type { FastifyServerOptions } from 'fastify';

/**
 * What the server's log never prints. Requests are logged by method, URL and address only (no
 * headers, no bodies), so these paths guard against a line that logs more by mistake: a header
 * object, a body or a record passed to `request.log`. Both the names at the top of a logged object
 * and one level down are covered.
 */

const SECRET_NAMES = [
  'password',
  'password_confirmation',
  'current_password',
  'new_password',
  'code',
  'otp',
  'totp',
  'token',
  'access_token',
  'refresh_token',
  'secret',
  'secret_key',
  'iv_key',
  'access_code',
  'card_number',
  'number',
  'cvv',
  'cvc',
];

const HEADERS = ['authorization', 'cookie', 'accesscode', 'set-cookie', 'x-api-key'];

export const LOG_REDACT_PATHS: string[] = [
  ...SECRET_NAMES.flatMap((name) => [name, `*.${name}`]),
  ...SECRET_NAMES.flatMap((name) => [`body.${name}`, `req.body.${name}`, `*.card.${name}`, `card.${name}`]),
  ...HEADERS.flatMap((name) => [`req.headers["${name}"]`, `res.headers["${name}"]`, `headers["${name}"]`]),
];

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The logger options with `LOG_REDACT_PATHS` censored (and any paths the options add); off stays
 * off. Fastify's default serialisers already leave bodies and headers out of request lines.
 */
export function withRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  const own = options.redact;
  const extra = Array.isArray(own) ? own : (own?.paths ?? []);
  return {
    ...options,
    redact: { paths: [...new Set([...LOG_REDACT_PATHS, ...extra])], censor: '[redacted]' },
  };
}
