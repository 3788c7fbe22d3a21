import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A successful envelope: status, a Spanish message and the data fields beside them. */
export function ok<T extends object>(message: string, data?: T): { status: 'success'; message: string } & T {
  return { status: 'success', message, ...(data as T) };
}

/**
 * Sends a success envelope that was serialised once and cached (a public list): the hot path
 * skips serialising the same body on every request.
 */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export function zodApp(app: FastifyInstance): ZodApp {
  return app.withTypeProvider<ZodTypeProvider>();
}
