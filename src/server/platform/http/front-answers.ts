import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, preParsingHookHandler } from 'fastify';
import type { z } from 'zod';
import { type LoggedRequest, recordRequestEnd } from '../logging';
import { type CachedBody, SELF_COMPRESSED } from './cached-body';
import type { ClosingState } from './closing-state';
import { namesJson, parseJsonBody } from './json-body';
import { requestRefusal } from './request-guards';
import { securityHeadersFor } from './security-headers';
import { clientAddress, type TrustProxy } from './trust-proxy';

/**
 * What a public list call declares in its own route options (`config.frontAnswer`, through
 * `frontAnswerOptions`) for its kept answer to go out before routing (decision 0056). The path
 * and the payload schema are the route's own.
 */
export interface FrontAnswer<Body = unknown> {
  /** Whether this request may take the answer every visitor shares (a member's session may not). */
  sharedBy?: (request: IncomingMessage) => boolean;
  /** The answer kept for this payload, if any: the route makes and keeps it on a miss. */
  kept: (body: Body) => CachedBody | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    frontAnswer?: FrontAnswer<never>;
  }
}

/** A route's options for a front answer: it compresses its own answers (CachedBody). */
export function frontAnswerOptions<Body>(answer: FrontAnswer<Body>) {
  return { ...SELF_COMPRESSED, config: { frontAnswer: answer as FrontAnswer<never> } };
}

/** Larger payloads are not a public list's: they go the whole way. */
const MAX_BODY_BYTES = 1024;
/** Where a read payload waits for the route's preParsing hook (replayReadAhead) on a miss. */
const READ_AHEAD = Symbol('cita.readAhead');
type ReadAhead = IncomingMessage & { [READ_AHEAD]?: Buffer };

interface ServedRoute {
  path: string;
  body: z.ZodType;
  answer: FrontAnswer<unknown>;
  /** The security headers every answer to it carries (request-guards.ts), flat for writeHead. */
  securityHeaders: string[];
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Kept answers of the public lists, sent from a listener in front of Fastify's on Fastify's own
 * server: a visitor's list is the same bytes for everyone until the next write, and Fastify's
 * routing, hooks and reply machinery were most of its cost (decision 0056). Every step both doors
 * take is one function both call: the guards' refusal, the JSON reading, the closing state, the
 * client's address, the end of a request (histogram and log line). Whatever this cannot answer
 * with certainty (a member, a payload it does not recognise, a cross-site origin, nothing kept,
 * the server closing) goes to Fastify unchanged, its payload replayed to the route.
 */
export class FrontAnswers {
  private readonly routes = new Map<string, ServedRoute>();
  private readonly publicOrigin: string;
  private answered = 0;

  constructor(private readonly options: { publicUrl: string; trust: TrustProxy; closing: ClosingState }) {
    this.publicOrigin = new URL(options.publicUrl).origin;
  }

  /** Whether a POST to this path may be answered before routing (tests send those over a socket). */
  serves(path: string): boolean {
    return this.routes.has(path);
  }

  /**
   * Collects every route that declares a front answer, as it registers, with its own path and
   * payload schema, and gives it the hook that replays a payload the front already read.
   */
  collectRoutes(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const answer = route.config?.frontAnswer as FrontAnswer<unknown> | undefined;
      if (!answer) return;
      const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
      if (!body || route.method !== 'POST')
        throw new Error(`${route.url}: a front answer needs a POST with a body schema`);
      this.routes.set(route.url, {
        path: route.url,
        body,
        answer,
        securityHeaders: Object.entries(securityHeadersFor(route.url)).flat(),
      });
      route.preParsing = [route.preParsing ?? []].flat().concat(replayReadAhead);
    });
  }

  /** Puts the listener in front of Fastify's own handler, once the app's metrics and logger exist. */
  installOn(app: FastifyInstance): void {
    const [fastify] = app.server.listeners('request') as RequestListener[];
    if (!fastify) throw new Error('Fastify has no request listener to stand in front of');
    app.server.removeListener('request', fastify);
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const route = request.method === 'POST' ? this.routes.get(request.url ?? '') : undefined;
      if (route === undefined || this.options.closing.closingNow || !this.mayAnswer(request, route)) {
        fastify(request, response);
        return;
      }
      this.readAndAnswer(app, route, request, response, () => fastify(request, response));
    });
  }

  /** What the request guards and the body parser would decide from the headers alone, asked of them. */
  private mayAnswer(request: IncomingMessage, route: ServedRoute): boolean {
    const { headers } = request;
    if (requestRefusal('POST', route.path, headers, this.publicOrigin) !== undefined) return false;
    if (!namesJson(headers['content-type'])) return false;
    // Only a small body in one piece.
    if (headers['transfer-encoding'] !== undefined) return false;
    const length = Number(headers['content-length']);
    if (!(length > 0 && length <= MAX_BODY_BYTES)) return false;
    return route.answer.sharedBy?.(request) ?? true;
  }

  private readAndAnswer(
    app: FastifyInstance,
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
      this.send(app, route, request, response, kept, started);
    });
  }

  private send(
    app: FastifyInstance,
    route: ServedRoute,
    request: IncomingMessage,
    response: ServerResponse,
    kept: CachedBody,
    started: number,
  ): void {
    const variant = kept.variantFor(request.headers['accept-encoding']);
    // The names, values and order of the headers Fastify sends for the same answer.
    const headers = [...route.securityHeaders, 'content-type', kept.contentType];
    if (variant.varies) headers.push('vary', 'Accept-Encoding');
    if (variant.encoding) headers.push('content-encoding', variant.encoding);
    headers.push('content-length', String(variant.bytes.length));
    if (this.options.closing.closingNow) headers.push('connection', 'close');
    response.writeHead(200, headers);
    response.end(variant.bytes);
    const { trust } = this.options;
    const req: LoggedRequest = {
      method: 'POST',
      url: route.path,
      routeOptions: { url: route.path },
      // Resolved only when the line is written.
      get ip() {
        return clientAddress(request, trust);
      },
    };
    this.answered = (this.answered + 1) % Number.MAX_SAFE_INTEGER;
    recordRequestEnd(
      { durations: app.metrics.requestDuration, log: app.log },
      {
        reqId: `front-${this.answered.toString(36)}`,
        req,
        statusCode: 200,
        milliseconds: performance.now() - started,
      },
    );
    app.metrics.frontAnswers.inc();
  }
}

/** The kept answer for this payload, read as the route reads it; undefined on any doubt. */
function keptAnswer(route: ServedRoute, payload: Buffer): CachedBody | undefined {
  let parsed: unknown;
  try {
    parsed = parseJsonBody(payload);
  } catch {
    return undefined;
  }
  const body = route.body.safeParse(parsed);
  return body.success ? route.answer.kept(body.data) : undefined;
}

/**
 * A front route's preParsing hook: a payload the front already read (and could not answer) is
 * handed to Fastify's parser as if it had just arrived.
 */
const replayReadAhead: preParsingHookHandler = (request, _reply, payload, done) => {
  const read = (request.raw as ReadAhead)[READ_AHEAD];
  done(null, read === undefined ? payload : Readable.from([read]));
};
