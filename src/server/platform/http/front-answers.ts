import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyServerOptions, preParsingHookHandler } from 'fastify';
import pino from 'pino';
import secureJson from 'secure-json-parse';
import type { z } from 'zod';
import type { AppMetrics } from '../health/metrics';
import type { LoggedRequest } from '../logging';
import { type CachedBody, SELF_COMPRESSED } from './cached-body';
import { requestRefusal } from './request-guards';
import { securityHeadersFor } from './security-headers';

/**
 * A public list call whose kept answer may be sent before Fastify sees the request (decision
 * 0056). Everything that decides the answer is here: the payload schema the route validates with,
 * which requests share the kept answer, and where it is kept.
 */
export interface FrontRoute<Schema extends z.ZodType> {
  /** The call's address as browsers send it: no query string. */
  path: string;
  /** The route's own payload schema. */
  body: Schema;
  /** Whether this request may take the answer every visitor shares (a member's session may not). */
  sharedBy?: (request: IncomingMessage) => boolean;
  /** The answer kept for this payload, if any: the route makes and keeps it on a miss. */
  kept: (body: z.output<Schema>) => CachedBody | undefined;
}

/** Larger payloads are not a public list's: they go the whole way. */
const MAX_BODY_BYTES = 1024;
/** Where a read payload waits for the route's preParsing hook (replayReadAhead) on a miss. */
const READ_AHEAD = Symbol('cita.readAhead');
type ReadAhead = IncomingMessage & { [READ_AHEAD]?: Buffer };
type ServedRoute = FrontRoute<z.ZodType> & { securityHeaders: string[] };

/** The HTTP/1 server settings Fastify applies to the server it makes itself (lib/server.js). */
interface HttpSettings {
  http?: http.ServerOptions;
  keepAliveTimeout: number;
  requestTimeout: number;
  connectionTimeout: number;
  maxRequestsPerSocket: number;
}

/** Where a front answer is counted and logged, as Fastify's requests are (app.ts). */
interface Observers {
  metrics: AppMetrics;
  log: FastifyBaseLogger;
}

/**
 * Kept answers of the public lists, sent straight from the HTTP server's request listener: a
 * visitor's list is the same bytes for everyone until the next write, and Fastify's routing,
 * hooks and reply machinery were most of its cost (decision 0056). Whatever this cannot answer
 * with certainty (a member, a payload it does not recognise, a cross-site origin, nothing kept,
 * the server closing) goes to Fastify unchanged, its payload replayed to the route; so every
 * refusal, error text and first computation stays the route's own.
 */
export class FrontAnswers {
  private readonly routes = new Map<string, ServedRoute>();
  private readonly publicOrigin: string;
  private readonly trust: ((address: string, hop: number) => boolean) | undefined;
  private observers: Observers | undefined;
  private closing = false;
  private answered = 0;

  constructor(options: { publicUrl: string; trustProxy: boolean | string }) {
    this.publicOrigin = new URL(options.publicUrl).origin;
    this.trust = trustFunction(options.trustProxy);
  }

  /** Starts answering, once the app's metrics and logger exist. */
  observeWith(observers: Observers): void {
    this.observers = observers;
  }

  add<Schema extends z.ZodType>(route: FrontRoute<Schema>): void {
    // The security headers every answer to it carries (request-guards.ts), flat for writeHead.
    const securityHeaders = Object.entries(securityHeadersFor(route.path)).flat();
    this.routes.set(route.path, { ...(route as unknown as FrontRoute<z.ZodType>), securityHeaders });
  }

  /** From now on every request goes to Fastify, which answers those in flight and refuses new ones. */
  close(): void {
    this.closing = true;
  }

  /** Fastify's serverFactory: its own HTTP/1 server settings, this listener in front of its handler. */
  serverFactory(): NonNullable<FastifyServerOptions['serverFactory']> {
    return (handler, options) => {
      const listener = (request: IncomingMessage, response: ServerResponse) => {
        const route = request.method === 'POST' ? this.routes.get(request.url ?? '') : undefined;
        if (route === undefined || this.closing || !this.observers || !this.mayAnswer(request, route)) {
          handler(request, response);
          return;
        }
        this.readAndAnswer(route, request, response, () => handler(request, response));
      };
      // Fastify fills these with its defaults before calling the factory (fastify.js).
      const settings = options as unknown as HttpSettings;
      const server = http.createServer(settings.http ?? {}, listener);
      server.keepAliveTimeout = settings.keepAliveTimeout;
      server.requestTimeout = settings.requestTimeout;
      server.setTimeout(settings.connectionTimeout);
      if (settings.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
      return server;
    };
  }

  /** What the request guards and the route would check from the headers alone, checked the same way. */
  private mayAnswer(request: IncomingMessage, route: ServedRoute): boolean {
    const { headers } = request;
    // What the guards refuse (a cross-site origin, a body that is not JSON), they refuse themselves.
    if (requestRefusal('POST', route.path, headers, this.publicOrigin) !== undefined) return false;
    // Only a small body in one piece, of the exact type Fastify's JSON parser takes.
    const contentType = headers['content-type']?.toLowerCase();
    if (contentType !== 'application/json' && !contentType?.startsWith('application/json;')) return false;
    if (headers['transfer-encoding'] !== undefined) return false;
    const length = Number(headers['content-length']);
    if (!(length > 0 && length <= MAX_BODY_BYTES)) return false;
    return route.sharedBy?.(request) ?? true;
  }

  private readAndAnswer(
    route: ServedRoute,
    request: IncomingMessage,
    response: ServerResponse,
    handOver: () => void,
  ): void {
    const started = performance.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', () => response.destroy());
    request.on('end', () => {
      const payload = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const kept = keptAnswer(route, payload);
      if (kept === undefined) {
        (request as ReadAhead)[READ_AHEAD] = payload;
        handOver();
        return;
      }
      this.send(route, request, response, kept, started, this.observers!);
    });
  }

  private send(
    route: ServedRoute,
    request: IncomingMessage,
    response: ServerResponse,
    kept: CachedBody,
    started: number,
    { metrics, log }: Observers,
  ): void {
    const variant = kept.variantFor(request.headers['accept-encoding']);
    // The names, values and order of the headers Fastify sends for the same answer.
    const headers = [...route.securityHeaders, 'content-type', kept.contentType];
    if (variant.varies) headers.push('vary', 'Accept-Encoding');
    if (variant.encoding) headers.push('content-encoding', variant.encoding);
    headers.push('content-length', String(variant.bytes.length));
    // A payload that was still arriving when closing began: as app.ts's onSend hook tells clients.
    if (this.closing) headers.push('connection', 'close');
    response.writeHead(200, headers);
    response.end(variant.bytes);
    const milliseconds = performance.now() - started;
    metrics.requestDuration.observe(route.path, 'POST', 200, milliseconds / 1000);
    metrics.frontAnswers.inc();
    if ((pino.levels.values[log.level] ?? Number.POSITIVE_INFINITY) <= pino.levels.values.info!) {
      // The line Fastify's requests end with (logging.ts), with an id of this path's own.
      const req: LoggedRequest = {
        method: 'POST',
        url: route.path,
        routeOptions: { url: route.path },
        ip: this.addressOf(request),
      };
      this.answered = (this.answered + 1) % Number.MAX_SAFE_INTEGER;
      log.info(
        {
          reqId: `front-${this.answered.toString(36)}`,
          req,
          res: { statusCode: 200 },
          responseTime: milliseconds,
        },
        'request completed',
      );
    }
  }

  /** The client's address as Fastify's request.ip resolves it under the same trustProxy setting. */
  private addressOf(request: IncomingMessage): string | undefined {
    if (this.trust === undefined) return request.socket.remoteAddress;
    return proxyAddr(request, this.trust);
  }
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The kept answer for this payload, read as the route would read it; undefined on any doubt. */
function keptAnswer(route: FrontRoute<z.ZodType>, payload: Buffer): CachedBody | undefined {
  let parsed: unknown;
  try {
    // Strictly UTF-8, with the prototype-poisoning refusals of Fastify's JSON parser (app.ts).
    parsed = secureJson.parse(STRICT_UTF8.decode(payload), undefined, {
      protoAction: 'error',
      constructorAction: 'error',
    });
  } catch {
    return undefined;
  }
  const body = route.body.safeParse(parsed);
  return body.success ? route.kept(body.data) : undefined;
}

/** Fastify's reading of trustProxy (true, false, or a comma list for proxy-addr). */
function trustFunction(
  trustProxy: boolean | string,
): ((address: string, hop: number) => boolean) | undefined {
  if (trustProxy === false) return undefined;
  if (trustProxy === true) return () => true;
  return proxyAddr.compile(trustProxy.split(',').map((item) => item.trim()));
}

/**
 * A front route's preParsing hook: a payload the front already read (and could not answer) is
 * handed to Fastify's parser as if it had just arrived.
 */
export const replayReadAhead: preParsingHookHandler = (request, _reply, payload, done) => {
  const read = (request.raw as ReadAhead)[READ_AHEAD];
  done(null, read === undefined ? payload : Readable.from([read]));
};

/** A front route's Fastify options: it compresses its own answers and takes a replayed payload. */
export const FRONT_ROUTE_OPTIONS = { ...SELF_COMPRESSED, preParsing: replayReadAhead } as const;
