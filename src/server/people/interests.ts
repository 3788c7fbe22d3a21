import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { InterestEntry, MutualEntry } from '../../shared/contracts/interests';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { publicName } from '../../shared/domain/people';
import { ADVERT_STATUS, CLIENT_STATUS, INTEREST_STATUS } from '../../shared/domain/statuses';
import { contactSeen } from '../matches/conversations/contact-seen';
import { pairConversationsWith } from '../matches/conversations/share-contact';
import { endMutualPair } from '../matches/end-mutual-pair';
import { publishConversationChanged } from '../matches/live/publish-notice';
import { lockPeople } from '../matches/lock-people';
import { recordMutualInterest } from '../matches/record-mutual-pair';
import { mainPhotoUrls } from '../photos/photo-sources';
import type { DB } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import { conflict, notFound } from '../platform/errors';
import { ageOnDay, nowIso } from '../platform/time';
import { isBlocked, notBlockedWith } from '../trust/blocks';
import { visibleAdverts } from './adverts';
import { pairSearchText } from './pair-search-text';

export const ADVERT_NOT_AVAILABLE = 'Este anuncio no existe o ya no está visible';
export const OWN_ADVERT = 'No puedes marcar interés en tu propio anuncio';
export const INTEREST_NOT_FOUND = 'Este interés no existe';

/** The caller's interests in active people: one-way and mutual, newest first. */
export async function listInterests(
  db: DB,
  clientId: number,
): Promise<{ interested: InterestEntry[]; mutual: MutualEntry[] }> {
  const rows = await db
    .selectFrom('interests')
    .innerJoin('clients', 'clients.id', 'interests.target_client_id')
    .leftJoin('adverts', 'adverts.client_id', 'clients.id')
    .select([
      'interests.id',
      'interests.status_id',
      'clients.id as client_id',
      'clients.first_name',
      'clients.last_name',
      'clients.gender',
      'clients.birthday',
      'clients.occupation',
      'clients.phone',
      'clients.instagram',
      'adverts.id as advert_id',
      'adverts.status_id as advert_status',
      'adverts.description',
    ])
    .where('interests.client_id', '=', clientId)
    .where('clients.status_id', '=', CLIENT_STATUS.active)
    .where(notBlockedWith(clientId, 'clients.id'))
    .orderBy('interests.created_at', 'desc')
    .orderBy('interests.id', 'desc')
    .execute();
  const today = dayInMexicoCity();
  const photoOf = await mainPhotoUrls(
    db,
    rows.map((row) => row.client_id),
    'member',
  );
  // Their conversation, and their contact only once both shared it there (design.md §26).
  const conversationWith = await pairConversationsWith(
    db,
    clientId,
    rows.filter((row) => row.status_id === INTEREST_STATUS.mutual).map((row) => row.client_id),
  );
  const interested: InterestEntry[] = [];
  const mutual: MutualEntry[] = [];
  for (const row of rows) {
    // An advert taken down after the interest keeps the person listed, not their text.
    const published = row.advert_status === ADVERT_STATUS.visible && Boolean(row.description);
    const entry: InterestEntry = {
      id: row.id,
      client_id: row.client_id,
      advert_id: published ? row.advert_id : null,
      full_name: publicName(row.first_name, row.last_name),
      gender: row.gender,
      age: ageOnDay(row.birthday, today),
      occupation: row.occupation,
      description: published ? (row.description ?? '') : '',
      photo: photoOf(row.client_id),
    };
    if (row.status_id === INTEREST_STATUS.mutual) {
      const conversation = conversationWith.get(row.client_id);
      mutual.push({
        ...entry,
        full_name: `${row.first_name} ${row.last_name}`,
        ...contactSeen(conversation?.contactShared ?? false, row),
        contact_shared: conversation?.contactShared ?? false,
        conversation_id: conversation?.conversationId ?? null,
      });
    } else {
      interested.push(entry);
    }
  }
  return { interested, mutual };
}

async function lockPair(app: FastifyInstance, trx: Transaction<Database>, clientId: number, otherId: number) {
  return (await lockPeople(app, trx, [clientId, otherId])).has(otherId);
}

/**
 * Marks interest in a published advert (design.md §4): one-way until the other person is also
 * interested, then both rows are mutual. Repeating it changes nothing and sends no second mail.
 */
export async function addInterest(
  app: FastifyInstance,
  clientId: number,
  advertId: number,
): Promise<{ interestId: number; created: boolean; mutual: boolean }> {
  const advert = await visibleAdverts(app.db)
    .select(['adverts.id', 'adverts.client_id'])
    .where('adverts.id', '=', advertId)
    .executeTakeFirst();
  if (!advert) throw notFound(ADVERT_NOT_AVAILABLE);
  if (advert.client_id === clientId) throw conflict(OWN_ADVERT);
  const targetId = advert.client_id;
  // Blocked either way: the advert is "not available", which tells nothing about the block.
  if (await isBlocked(app.db, clientId, targetId)) throw notFound(ADVERT_NOT_AVAILABLE);

  const outcome = await app.db.transaction().execute(async (trx) => {
    if (!(await lockPair(app, trx, clientId, targetId))) throw notFound(ADVERT_NOT_AVAILABLE);
    const inserted = await trx
      .insertInto('interests')
      .values({
        client_id: clientId,
        target_client_id: targetId,
        status_id: INTEREST_STATUS.oneWay,
        contacted: 0,
        created_at: nowIso(),
        search_text: pairSearchText(clientId, targetId),
      })
      .onConflict((oc) => oc.columns(['client_id', 'target_client_id']).doNothing())
      .returning(['id', 'status_id'])
      .executeTakeFirst();
    const own =
      inserted ??
      (await trx
        .selectFrom('interests')
        .select(['id', 'status_id'])
        .where('client_id', '=', clientId)
        .where('target_client_id', '=', targetId)
        .executeTakeFirstOrThrow());
    const reverse = await trx
      .selectFrom('interests')
      .select(['id', 'status_id'])
      .where('client_id', '=', targetId)
      .where('target_client_id', '=', clientId)
      .executeTakeFirst();
    const result = { interestId: own.id, created: Boolean(inserted), mutual: Boolean(reverse) };
    if (!reverse) return { ...result, conversationId: null };
    if (own.status_id === INTEREST_STATUS.mutual && reverse.status_id === INTEREST_STATUS.mutual) {
      return { ...result, conversationId: null };
    }
    const conversationId = await recordMutualInterest(trx, app.config.publicUrl, {
      interestIds: [own.id, reverse.id],
      clientId,
      otherId: targetId,
    });
    return { ...result, conversationId };
  });

  if (outcome.conversationId !== null) {
    app.queue.wake();
    publishConversationChanged(app, outcome.conversationId, [clientId, targetId]);
  }
  return { interestId: outcome.interestId, created: outcome.created, mutual: outcome.mutual };
}

/**
 * Withdraws the caller's interest, from either list (design.md §4): their row goes, and when the
 * pair was mutual the other person's interest stays as their one-way interest. Only the
 * caller's own rows can be named; anyone else's id is 'not found'.
 */
export async function withdrawInterest(
  app: FastifyInstance,
  clientId: number,
  interestId: number,
): Promise<{ name: string }> {
  const interest = await app.db
    .selectFrom('interests')
    .innerJoin('clients', 'clients.id', 'interests.target_client_id')
    .select(['interests.target_client_id', 'clients.first_name', 'clients.last_name'])
    .where('interests.id', '=', interestId)
    .where('interests.client_id', '=', clientId)
    .executeTakeFirst();
  if (!interest) throw notFound(INTEREST_NOT_FOUND);
  const otherId = interest.target_client_id;
  const closedConversation = await app.db.transaction().execute(async (trx) => {
    await lockPair(app, trx, clientId, otherId);
    const deleted = await trx
      .deleteFrom('interests')
      .where('id', '=', interestId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    // A second tap that lost the race finds the row gone: the interest is withdrawn either way.
    if (Number(deleted.numDeletedRows) === 0) return null;
    return endMutualPair(trx, { withdrawnBy: clientId, otherId });
  });
  if (closedConversation !== null) publishConversationChanged(app, closedConversation, [clientId, otherId]);
  return { name: publicName(interest.first_name, interest.last_name) };
}
