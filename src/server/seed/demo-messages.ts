import { sql, type Transaction } from 'kysely';
import { INTEREST_STATUS } from '../../shared/domain/statuses';
import { openConversation } from '../matches/conversations/conversation-pair';
import type { Database } from '../platform/db/schema';

/**
 * Mensajes in the demo (docs/design/20-mensajes.md), by demo client index: [sender, text, minutes before the
 * seed]. Mariana (the demo login) and Carlos talked, and his last message waits unread; with
 * Tomás she wrote first and he answered, all read, and both pressed "Compartir mi contacto"
 * (docs/design/26-contact.md), so the demo shows a contact shared and one still to share.
 */
const DEMO_CONVERSATIONS: {
  pair: [number, number];
  messages: [number, string, number][];
  contactShared?: boolean;
}[] = [
  {
    pair: [0, 1],
    messages: [
      [1, '¡Hola Mariana! Vi que también te gustan los mercados. ¿Cuál es tu favorito?', 180],
      [0, 'Hola Carlos 😊 El de Coyoacán, sin duda. ¿Y el tuyo?', 150],
      [1, 'El de Jamaica, por las flores. ¿Te late ir el domingo por un café?', 20],
    ],
  },
  {
    pair: [0, 13],
    messages: [
      [0, 'Hola Tomás, ¿qué tal tu semana?', 2 * 24 * 60],
      [13, '¡Hola! Muy bien, con ganas del evento del sábado. ¿Vas a ir?', 2 * 24 * 60 - 30],
    ],
    contactShared: true,
  },
];

/**
 * Every demo mutual pair gets its conversation, as a real one would; the demo conversations get
 * their messages, read marks and unread counters.
 */
export async function loadDemoMessages(
  trx: Transaction<Database>,
  clientIds: number[],
  now: Date,
): Promise<void> {
  const pairs = await trx
    .selectFrom('interests')
    .select(['client_id', 'target_client_id'])
    .where('status_id', '=', INTEREST_STATUS.mutual)
    .where(sql<boolean>`client_id < target_client_id`)
    .execute();
  for (const pair of pairs) await openConversation(trx, pair.client_id, pair.target_client_id);

  for (const [index, conversation] of DEMO_CONVERSATIONS.entries()) {
    const [one, other] = conversation.pair.map((client) => clientIds[client]!) as [number, number];
    const conversationId = await openConversation(trx, one, other);
    let lastId = 0;
    let lastAt = '';
    for (const [order, [sender, text, minutesAgo]] of conversation.messages.entries()) {
      const senderId = clientIds[sender]!;
      const sentAt = new Date(now.getTime() - minutesAgo * 60_000).toISOString();
      const last = order === conversation.messages.length - 1;
      // The last message of the first conversation waits unread; the rest were read a minute later.
      const unread = index === 0 && last;
      const { id } = await trx
        .insertInto('messages')
        .values({
          conversation_id: conversationId,
          sender_id: senderId,
          idempotency_key: `demo-${index}-${order}`,
          text,
          sent_at: sentAt,
          read_at: unread ? null : new Date(Date.parse(sentAt) + 60_000).toISOString(),
          opens_conversation: order === 0 ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('conversation_sides')
        .set((eb) => ({ wrote_at: eb.fn.coalesce('wrote_at', eb.val(sentAt)) }))
        .where('conversation_id', '=', conversationId)
        .where('client_id', '=', senderId)
        .execute();
      if (!unread) {
        await trx
          .updateTable('conversation_sides')
          .set({ read_up_to: id })
          .where('conversation_id', '=', conversationId)
          .where('client_id', '<>', senderId)
          .execute();
      }
      lastId = id;
      lastAt = sentAt;
    }
    const lastSender = clientIds[conversation.messages.at(-1)![0]]!;
    await trx
      .updateTable('conversation_sides')
      .set((eb) => ({
        activity_at: lastAt,
        last_message_id: lastId,
        unread: eb
          .case()
          .when('client_id', '<>', lastSender)
          .then(index === 0 ? 1 : 0)
          .else(0)
          .end(),
        contact_shared_at: conversation.contactShared ? lastAt : null,
      }))
      .where('conversation_id', '=', conversationId)
      .execute();
  }
}
