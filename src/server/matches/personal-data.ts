import { sql } from 'kysely';
import { publicName } from '../../shared/domain/people';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import type { PersonalDataDeclaration } from '../platform/personal-data';
import { nowIso } from '../platform/time';
import { PERSON_GONE, sidesOf } from './conversations/conversation-view';

/**
 * The interests she marked or received, and Mensajes (docs/design/20-mensajes.md): her conversations, with
 * every message, are in her export. Erasure deletes her interests both ways, the messages she
 * sent and her side of each conversation; the conversation itself stays for the other person,
 * closed, showing that she is no longer in Cita.
 */
export const matchesPersonalData: PersonalDataDeclaration = {
  domain: 'matches',
  tables: {
    conversations: {
      client_a: { keep: "the other member's conversation stays (closed), with her messages gone" },
      client_b: { keep: "the other member's conversation stays (closed), with her messages gone" },
    },
    conversation_sides: { client_id: 'delete' },
    messages: { sender_id: 'delete' },
    live_presence: { client_id: 'delete' },
    interests: { client_id: 'delete', target_client_id: 'delete' },
  },

  async exportSections(db, clientId) {
    // Every side of hers, the ones she hid by blocking included: the export holds all she has.
    const conversations = await sidesOf(db, clientId).orderBy('side.conversation_id').execute();
    const messages =
      conversations.length === 0
        ? []
        : await db
            .selectFrom('messages')
            .select(['id', 'conversation_id', 'sender_id', 'text', 'sent_at', 'read_at', 'held'])
            .where(
              'conversation_id',
              'in',
              conversations.map((conversation) => conversation.conversation_id),
            )
            .where((eb) => eb.or([eb('held', '=', 0), eb('sender_id', '=', clientId)]))
            .orderBy('id')
            .execute();
    const interests = await db
      .selectFrom('interests')
      .innerJoin('clients', 'clients.id', 'interests.target_client_id')
      .select([
        'interests.id',
        'interests.target_client_id',
        'clients.first_name',
        'interests.status_id',
        'interests.created_at',
      ])
      .where('interests.client_id', '=', clientId)
      .orderBy('interests.id')
      .execute();
    const interestedInYou = await db
      .selectFrom('interests')
      .select(['id', 'client_id', 'status_id', 'created_at'])
      .where('target_client_id', '=', clientId)
      .orderBy('id')
      .execute();
    return {
      interests,
      interested_in_you: interestedInYou,
      conversations: conversations.map((conversation) => ({
        id: conversation.conversation_id,
        with:
          conversation.other_status === CLIENT_STATUS.erased
            ? PERSON_GONE
            : publicName(conversation.first_name, conversation.last_name),
        created_at: conversation.created_at,
        closed_at: conversation.closed_at,
        contact_shared_at: conversation.contact_shared_at,
        messages: messages
          .filter((message) => message.conversation_id === conversation.conversation_id)
          .map((message) => ({
            id: message.id,
            from_me: message.sender_id === clientId,
            text: message.text,
            sent_at: message.sent_at,
            read_at: message.read_at,
            held: message.held === 1,
          })),
      })),
    };
  },

  async erase(trx, clientId) {
    const mine = trx
      .selectFrom('conversations')
      .select('id')
      .where((eb) => eb.or([eb('client_a', '=', clientId), eb('client_b', '=', clientId)]));
    await trx
      .updateTable('conversations')
      .set({ closed_at: nowIso(), closed_reason: 'erased' })
      .where('id', 'in', mine)
      .where('closed_at', 'is', null)
      .execute();
    await trx.deleteFrom('messages').where('sender_id', '=', clientId).execute();
    await trx.deleteFrom('conversation_sides').where('client_id', '=', clientId).execute();
    await trx.deleteFrom('live_presence').where('client_id', '=', clientId).execute();
    await trx
      .deleteFrom('interests')
      .where((eb) => eb.or([eb('client_id', '=', clientId), eb('target_client_id', '=', clientId)]))
      .execute();
    // The other person's side: nothing of hers left unread, its last line the newest that remains.
    await trx
      .updateTable('conversation_sides')
      .set({
        unread: 0,
        last_message_id: sql<number | null>`(select max(messages.id) from messages
          where messages.conversation_id = conversation_sides.conversation_id
          and (messages.held = 0 or messages.sender_id = conversation_sides.client_id))`,
      })
      .where('conversation_id', 'in', mine)
      .execute();
  },
};
