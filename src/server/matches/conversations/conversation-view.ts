import { sql } from 'kysely';
import {
  CONVERSATIONS_PAGE_SIZE,
  type Conversation,
  type ConversationPerson,
  type Message,
} from '../../../shared/contracts/messages';
import { dayInMexicoCity } from '../../../shared/domain/mexico-time';
import { publicName } from '../../../shared/domain/people';
import { CLIENT_STATUS } from '../../../shared/domain/statuses';
import { NOT_VERIFIED, type VerifiedMark } from '../../../shared/domain/verification';
import { mainPhotoUrls } from '../../photos/photo-sources';
import type { DB } from '../../platform/db/database';
import { afterKey, decodeCursor, encodeCursor } from '../../platform/db/keyset';
import { notFound } from '../../platform/errors';
import { ageOnDay } from '../../platform/time';
import { verifiedMarks } from '../../verification/verified-marks';
import { maskContacts } from '../messages/mask-contacts';
import { contactSeen } from './contact-seen';

export const CONVERSATION_NOT_FOUND = 'Esta conversación no existe';
export const PERSON_GONE = 'Esta persona ya no está en Cita';

/**
 * Her sides of conversations, with the other person, the other's side and the last message she may
 * see: the one place the "other person" of a pair is joined (the list, a conversation, her export).
 */
export function sidesOf(db: DB, viewerId: number) {
  return db
    .selectFrom('conversation_sides as side')
    .innerJoin('conversations', 'conversations.id', 'side.conversation_id')
    .innerJoin('clients as other', (join) =>
      join.on(
        'other.id',
        '=',
        sql<number>`case when conversations.client_a = side.client_id then conversations.client_b else conversations.client_a end`,
      ),
    )
    .leftJoin('conversation_sides as other_side', (join) =>
      join
        .onRef('other_side.conversation_id', '=', 'side.conversation_id')
        .onRef('other_side.client_id', '=', 'other.id'),
    )
    .leftJoin('messages as last', 'last.id', 'side.last_message_id')
    .select([
      'side.conversation_id',
      'side.activity_at',
      'side.unread',
      'side.wrote_at',
      'side.contact_shared_at',
      'conversations.created_at',
      'conversations.closed_at',
      'other.id as other_id',
      'other.first_name',
      'other.last_name',
      'other.birthday',
      'other.gender',
      'other.phone',
      'other.instagram',
      'other.status_id as other_status',
      'other_side.contact_shared_at as other_shared_at',
      'last.text as last_text',
      'last.sent_at as last_sent_at',
      'last.sender_id as last_sender_id',
    ])
    .where('side.client_id', '=', viewerId);
}

type SideRow = Awaited<ReturnType<ReturnType<typeof sidesOf>['execute']>>[number];

/** What the member sees of another: 'First L.', or that the person left Cita. */
function personSeen(row: SideRow, photo: string | null, verified: VerifiedMark): ConversationPerson {
  if (row.other_status === CLIENT_STATUS.erased) {
    return {
      client_id: row.other_id,
      name: PERSON_GONE,
      photo: null,
      age: null,
      gender: 0,
      verified: NOT_VERIFIED,
    };
  }
  return {
    client_id: row.other_id,
    name: publicName(row.first_name, row.last_name),
    photo,
    age: ageOnDay(row.birthday, dayInMexicoCity()),
    gender: row.gender,
    verified,
  };
}

/** Nobody can send: closed (ended, blocked, erased) or the other is no longer active. */
function isClosed(row: SideRow): boolean {
  return row.closed_at !== null || row.other_status !== CLIENT_STATUS.active;
}

function conversationSeen(row: SideRow, photo: string | null, verified: VerifiedMark): Conversation {
  const closed = isClosed(row);
  const contactShared = !closed && row.contact_shared_at !== null && row.other_shared_at !== null;
  const fromMe = row.last_sender_id === row.other_id ? false : row.last_sender_id !== null;
  return {
    id: row.conversation_id,
    other: personSeen(row, photo, verified),
    last_message:
      row.last_text === null || row.last_sent_at === null
        ? null
        : {
            text: textSeen(row.last_text, fromMe, row.wrote_at !== null),
            sent_at: row.last_sent_at,
            from_me: fromMe,
          },
    unread: row.unread,
    closed,
    erased: row.other_status === CLIENT_STATUS.erased,
    ...contactSeen(contactShared, row),
    contact_shared: contactShared,
    shared_by_me: row.contact_shared_at !== null,
    shared_by_other: !closed && row.other_shared_at !== null,
    cursor: encodeCursor([row.activity_at, row.conversation_id]),
  };
}

/** A message's text as the viewer sees it: the other's contact details masked until she wrote. */
export function textSeen(text: string, fromMe: boolean, viewerWrote: boolean): string {
  return fromMe || viewerWrote ? text : maskContacts(text);
}

async function seen(db: DB, rows: SideRow[]): Promise<Conversation[]> {
  const others = rows.filter((row) => row.other_status !== CLIENT_STATUS.erased).map((row) => row.other_id);
  const [photoOf, verifiedOf] = await Promise.all([
    mainPhotoUrls(db, others, 'member'),
    verifiedMarks(db, others),
  ]);
  return rows.map((row) =>
    conversationSeen(
      row,
      row.other_status === CLIENT_STATUS.erased ? null : photoOf(row.other_id),
      verifiedOf(row.other_id),
    ),
  );
}

/** Her list, newest activity first, keyset paged; a conversation she blocked is not in it. */
export async function listConversations(
  db: DB,
  viewerId: number,
  before: string | undefined,
): Promise<{ conversations: Conversation[]; more: boolean }> {
  let query = sidesOf(db, viewerId).where('side.hidden', '=', 0);
  if (before) {
    const key = decodeCursor(before, ['string', 'number']);
    query = query.where(afterKey(['side.activity_at', 'side.conversation_id'], key, '<'));
  }
  const rows = await query
    .orderBy('side.activity_at', 'desc')
    .orderBy('side.conversation_id', 'desc')
    .limit(CONVERSATIONS_PAGE_SIZE + 1)
    .execute();
  return {
    conversations: await seen(db, rows.slice(0, CONVERSATIONS_PAGE_SIZE)),
    more: rows.length > CONVERSATIONS_PAGE_SIZE,
  };
}

/** One of her conversations as she sees it; 404 for anyone else's (its existence is not told). */
export async function conversationFor(
  db: DB,
  viewerId: number,
  conversationId: number,
): Promise<Conversation> {
  const row = await sidesOf(db, viewerId)
    .where('side.conversation_id', '=', conversationId)
    .where('side.hidden', '=', 0)
    .executeTakeFirst();
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  const [conversation] = await seen(db, [row]);
  return conversation as Conversation;
}

/** Messages from others she has not read, over her whole list (a sum over her own sides). */
export async function unreadTotal(db: DB, viewerId: number): Promise<number> {
  const row = await db
    .selectFrom('conversation_sides')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('unread'), eb.lit(0)).as('total'))
    .where('client_id', '=', viewerId)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The columns `messageSeen` reads, for every query that answers messages. */
export const MESSAGE_COLUMNS = [
  'messages.id',
  'messages.conversation_id',
  'messages.sender_id',
  'messages.text',
  'messages.sent_at',
  'messages.read_at',
  'messages.idempotency_key as client_message_id',
] as const;

/** A stored message as the viewer sees it. */
export function messageSeen(
  row: {
    id: number;
    conversation_id: number;
    sender_id: number;
    text: string;
    sent_at: string;
    read_at: string | null;
    client_message_id: string;
  },
  viewerId: number,
  viewerWrote: boolean,
): Message {
  const fromMe = row.sender_id === viewerId;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    from_me: fromMe,
    text: textSeen(row.text, fromMe, viewerWrote),
    sent_at: row.sent_at,
    read_at: fromMe ? row.read_at : null,
    client_message_id: fromMe ? row.client_message_id : '',
  };
}
