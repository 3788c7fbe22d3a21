import type {
  FastifyBaseLogger,
  FastifyInstance,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A successful envelope: status, a Spanish message and the data fields beside them. */
export function ok<T extends object>(message: string, data?: T): { status: 'success'; message: string } & T {
  return { status: 'success', message, ...(data as T) };
}

/** The content type of every JSON answer. */
export const JSON_TYPE = 'application/json; charset=utf-8';

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The app typed by zod schemas; with a guard, every route registered on it checks it first. */
export function zodApp(app: FastifyInstance, guard?: preHandlerAsyncHookHandler): ZodApp {
  const api = app.withTypeProvider<ZodTypeProvider>();
  if (guard !== undefined) api.addHook('preHandler', guard);
  return api;
}

/**
 * A JSON call's route options: its payload and success answer schemas (shared/contracts), which
 * Fastify validates, serialises and publishes in the OpenAPI document, and any other options.
 */
export function callOptions<Body extends z.ZodType, Answer extends z.ZodType, Extra extends object = object>(
  body: Body,
  answer: Answer,
  extra?: Extra,
): { schema: { body: Body; response: { 200: Answer } } } & Extra {
  return { schema: { body, response: { 200: answer } }, ...(extra as Extra) };
}
