import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

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

export function zodApp(app: FastifyInstance): ZodApp {
  return app.withTypeProvider<ZodTypeProvider>();
}
