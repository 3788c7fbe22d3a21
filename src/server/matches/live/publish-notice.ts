import type { FastifyInstance } from 'fastify';
import type { LiveNotice } from '../../platform/live/live-bus';

/**
 * Tells every instance, after the commit, what happened to whom. A lost notice costs only
 * liveness (a reconnect catches up from the database), so a failure is logged, never thrown.
 */
export function publishNotice(app: FastifyInstance, notice: LiveNotice): void {
  if (notice.to.length === 0) return;
  app.liveBus
    .publish(notice)
    .catch((error) => app.log.warn({ err: error, notice: notice.type }, 'live notice lost'));
}

/** A conversation opened, closed or changed (WhatsApp shared): both members look again. */
export function publishConversationChanged(
  app: FastifyInstance,
  conversationId: number,
  members: number[],
): void {
  publishNotice(app, { type: 'conversation', to: members, conversation_id: conversationId });
}
