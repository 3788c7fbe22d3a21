import type { FastifyInstance } from 'fastify';
import type { MemberStatusHooks } from '../accounts/member-status-hooks';
import type { ProfileHooks } from '../accounts/profile-hooks';
import type { BlockHooks } from '../trust/block-hooks';
import { registerAdminMatchRoutes } from './admin-match-routes';
import { closeConversationOnBlock, conversationsOf } from './conversations/conversation-pair';
import { endInterestsBetween } from './interests/end-interests';
import { refreshPairSearchText } from './interests/pair-search-text';
import { LiveConnections } from './live/live-connections';
import { LivePresence } from './live/live-presence';
import { registerLiveRoute } from './live/live-route';
import { publishConversationChanged } from './live/publish-notice';
import { registerMessageRoutes } from './message-routes';
import { registerMessagePushJob } from './messages/message-push';

/** Matches: mutual pairs, however they were made, their conversations, and the back office's view of them. */
export async function registerMatchesRoutes(
  app: FastifyInstance,
  options: { blockHooks: BlockHooks; statusHooks: MemberStatusHooks; profileHooks: ProfileHooks },
): Promise<void> {
  // A block ends every interest between the two, closes their conversation and takes it off the
  // blocker's list.
  options.blockHooks.subscribe(async (trx, blockerId, blockedId) => {
    await endInterestsBetween(trx, blockerId, blockedId);
    const conversationId = await closeConversationOnBlock(trx, blockerId, blockedId);
    if (conversationId === null) return undefined;
    return () => publishConversationChanged(app, conversationId, [blockerId, blockedId]);
  });
  // A deactivation, reactivation or erasure closes or reopens her conversations: the others look again.
  options.statusHooks.subscribe(async (trx, clientId) => {
    const pairs = await conversationsOf(trx, clientId);
    if (pairs.length === 0) return undefined;
    return () => {
      for (const pair of pairs) publishConversationChanged(app, pair.id, [pair.client_a, pair.client_b]);
    };
  });
  // Her interests carry her search text, as she has just written it.
  options.profileHooks.subscribe(async (trx, clientId) => {
    await refreshPairSearchText(trx, clientId);
    return undefined;
  });
  await app.register(registerAdminMatchRoutes);
  await app.register(registerMessageRoutes);
  // This instance's members' WebSockets, and who has one open on any instance: a message to a
  // member who has none is pushed to her devices (docs/design/20-mensajes.md "Away", decision 0041).
  const connections = new LiveConnections();
  const presence = new LivePresence(app.db, connections, app.config.messages.presenceHeartbeatMs, app.log);
  await app.register(registerLiveRoute, { connections, presence });
  registerMessagePushJob(app);
}
