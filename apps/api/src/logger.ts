import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import type { Config } from './config.js';

/** Secrets travel in some paths (reset and invitation links); logs get the path without them. */
export function redactUrl(url: string): string {
  return url.replace(/\/(password-resets|reset-password|invitations)\/[^/?#]+/g, '/$1/[redacted]');
}

/**
 * Keys whose values never reach a log line, wherever a request, a job or the start-up logs them:
 * secrets and personal data (SECURITY.md). At the top of a log object and one level down.
 */
const SENSITIVE_KEYS = [
  'password',
  'password_hash',
  'token',
  'access_token',
  'refresh_token',
  'authorization',
  'cookie',
  'email',
  'to_address',
  'signature',
  'policy',
];
export const REDACTED_PATHS = [
  ...SENSITIVE_KEYS,
  ...SENSITIVE_KEYS.map((key) => `*.${key}`),
  'req.headers.authorization',
  'req.headers.cookie',
];

/**
 * The one logger of a process: requests (Fastify is given this instance), jobs and start-up all log
 * through it, with one set of serializers and one redaction list.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // No bodies, no query strings with personal data, no secrets in paths (SECURITY.md).
      req: (req: { method?: string; url?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl((req.url ?? '').split('?')[0] ?? ''),
        id: req.id,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
  return (destination ? pino(options, destination) : pino(options)) as unknown as FastifyBaseLogger;
}
