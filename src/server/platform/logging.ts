import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type Logger } from 'pino';
import type { AppConfig } from './config';
import type { RequestDurations } from './health/request-durations';

/**
 * What the server logs and how (docs/design/23-online.md): logs are for the operator, never a copy of a
 * member's data. Request lines carry the method, the path without its query string (a reset link's
 * token, a search for a name), the route pattern and the status; an error carries its type,
 * message and stack with e-mail addresses blotted out, never the extra fields libraries hang on it
 * (a webhook's signed payload, a push service's answer). `redact` is the second line, for an
 * object logged by mistake.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@([\p{L}\p{N}-]+\.)+\p{L}{2,}/gu;

/** Replaces every e-mail-shaped value (an SMTP refusal names its recipient) with a placeholder. */
export function withoutEmails(text: string): string {
  return text.replace(EMAIL, '[correo]');
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  cause?: LoggedError;
}

/** Only the fields an operator needs to find the cause; depth-limited for causes that loop. */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: withoutEmails(String(error)), stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return {
    type: error.constructor?.name ?? 'Error',
    message: withoutEmails(error.message),
    stack: withoutEmails(error.stack ?? ''),
    ...((typeof code === 'string' || typeof code === 'number') && { code }),
    ...(typeof statusCode === 'number' && { statusCode }),
    ...(error.cause !== undefined && depth < 3 && { cause: errorForLog(error.cause, depth + 1) }),
  };
}

/** What a request line reads of a request: Fastify's, or one the front answered (front-answers.ts). */
export interface LoggedRequest {
  method: string;
  url: string;
  ip: string | undefined;
  routeOptions?: { url?: string };
}

/** Fastify's own `res` serializer (the status code only) stays. */
const serializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: pathOf(request.url),
    route: request.routeOptions?.url,
    remoteAddress: request.ip,
  }),
  err: (error: unknown) => errorForLog(error),
};

/** Field names that hold a member's data or a secret wherever they turn up in a logged object. */
const PERSONAL_FIELDS = [
  'email',
  'to',
  'phone',
  'first_name',
  'last_name',
  'name',
  'text',
  'body',
  'password',
  'token',
  'cookie',
  'authorization',
  'payload',
];

export const LOG_REDACT_PATHS = PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]);

/**
 * Pino's options for the app. In a terminal (and not in production) lines are short and readable
 * (pino-pretty); elsewhere JSON lines, one per event, for journald or a log shipper. `file` sends
 * them to a file instead (the API tests' log search).
 */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel' | 'production'>,
  options: { file?: string } = {},
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  const base = {
    level: config.logLevel,
    serializers,
    redact: { paths: LOG_REDACT_PATHS, censor: '[oculto]' },
  };
  if (options.file) return { ...base, file: options.file };
  if (process.stdout.isTTY && !config.production) {
    return {
      ...base,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
      },
    };
  }
  return base;
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made when the request first writes a line at an enabled level. Most
 * requests write none (their one line comes from the app's logger when they end), and making
 * pino's child for each (its bindings serialised and redacted) was a measurable share of a cached
 * list call's time (decision 0054).
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.made && !this.parent.isLevelEnabled(level)) return;
    (this.logger()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a route with its own level or serializers gets pino's child at once. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level || options.serializers) return logger.child(bindings, options);
  return new RequestLogger(logger as unknown as Logger, bindings, options) as unknown as FastifyBaseLogger;
}

const INFO = pino.levels.values.info!;

/** How a request ended, as both doors know it: Fastify's reply, or a kept answer sent before routing. */
export interface EndedRequest {
  reqId: string;
  req: LoggedRequest;
  statusCode: number;
  milliseconds: number;
  error?: Error | null;
}

/**
 * The one place a request's end is recorded, whatever door it came in by: the duration histogram
 * by route pattern, and one line from the app's logger with the request's id (`request completed`,
 * or `request errored` with the error). The line's object is built only when its level is on.
 */
export function recordRequestEnd(
  where: { durations: RequestDurations; log: FastifyBaseLogger },
  { reqId, req, statusCode, milliseconds, error }: EndedRequest,
): void {
  where.durations.observe(req.routeOptions?.url, req.method, statusCode, milliseconds / 1000);
  const { log } = where;
  if (error) {
    log.error({ reqId, req, res: { statusCode }, responseTime: milliseconds, err: error }, 'request errored');
  } else if ((pino.levels.values[log.level] ?? Number.POSITIVE_INFINITY) <= INFO) {
    log.info({ reqId, req, res: { statusCode }, responseTime: milliseconds }, 'request completed');
  }
}

/**
 * Fastify's end of a request goes to recordRequestEnd: its own pair of lines ("incoming request",
 * "request completed") doubled the lines and made a child logger for each request, and a separate
 * onResponse hook for the histogram was one more step per request.
 */
export class RequestLogLines extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    recordRequestEnd(
      { durations: request.server.metrics.requestDuration, log: request.server.log },
      {
        reqId: request.id,
        req: request,
        statusCode: reply.statusCode,
        milliseconds: reply.elapsedTime,
        error,
      },
    );
  }
}
