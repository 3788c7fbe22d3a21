import type { FastifyInstance } from 'fastify';
import type { BlockHooks } from '../trust/block-hooks';
import { registerAdminMatchRoutes } from './admin-match-routes';
import { closeConversationOnBlock } from './conversations/conversation-pair';
import { LiveConnections } from './live/live-connections';
import { registerLiveRoute } from './live/live-route';
import { publishConversationChanged } from './live/publish-notice';
import { registerMessageRoutes } from './message-routes';

/** Matches: mutual pairs, however they were made, their conversations, and the back office's view of them. */
export async function registerMatchesRoutes(
  app: FastifyInstance,
  options: { blockHooks: BlockHooks },
): Promise<void> {
  // A block closes the pair's conversation and takes it off the blocker's list.
  options.blockHooks.subscribe({
    async blocked(trx, blockerId, blockedId) {
      const conversationId = await closeConversationOnBlock(trx, blockerId, blockedId);
      if (conversationId === null) return undefined;
      return () => publishConversationChanged(app, conversationId, [blockerId, blockedId]);
    },
  });
  await app.register(registerAdminMatchRoutes);
  await app.register(registerMessageRoutes);
  // This instance's members' WebSockets; the push notifications (design.md §21) will ask them first.
  await app.register(registerLiveRoute, { connections: new LiveConnections() });
}
