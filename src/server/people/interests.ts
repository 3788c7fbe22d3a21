import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { InterestEntry, MutualEntry } from '../../shared/contracts/interests';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { publicName } from '../../shared/domain/people';
import { ADVERT_STATUS, CLIENT_STATUS, INTEREST_STATUS } from '../../shared/domain/statuses';
import { whatsappLink } from '../../shared/domain/whatsapp';
import { mainPhotoUrls } from '../photos/photo-sources';
import type { DB } from '../platform/db/database';
import type { Database } from '../platform/db/schema';
import { conflict, notFound } from '../platform/errors';
import { enqueueMail } from '../platform/mail/mail-jobs';
import { ageOnDay, nowIso } from '../platform/time';
import { isBlocked, notBlockedWith } from '../trust/blocks';
import { visibleAdverts } from './adverts';

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
      mutual.push({
        ...entry,
        full_name: `${row.first_name} ${row.last_name}`,
        phone: row.phone,
        instagram: row.instagram,
        whatsapp: whatsappLink(row.phone),
      });
    } else {
      interested.push(entry);
    }
  }
  return { interested, mutual };
}

/**
 * Serialises every change to the interests between people. PostgreSQL: the client rows are locked
 * in id order, so crossing calls (A→B while B→A) queue instead of each missing the other's
 * uncommitted row, and never deadlock. NO KEY UPDATE is enough (two of them still queue) and,
 * unlike FOR UPDATE, does not hold up rows elsewhere that merely reference these clients (event
 * sign-ups, quiz answers). SQLite runs one transaction at a time anyway. Answers the ids of those
 * still active, read under the lock.
 */
export async function lockPeople(
  app: FastifyInstance,
  trx: Transaction<Database>,
  clientIds: number[],
): Promise<Set<number>> {
  if (clientIds.length === 0) return new Set();
  let query = trx
    .selectFrom('clients')
    .select(['id', 'status_id'])
    .where('id', 'in', clientIds)
    .orderBy('id');
  if (app.config.databaseUrl) query = query.forNoKeyUpdate();
  const rows = await query.execute();
  return new Set(rows.filter((row) => row.status_id === CLIENT_STATUS.active).map((row) => row.id));
}

async function lockPair(app: FastifyInstance, trx: Transaction<Database>, clientId: number, otherId: number) {
  return (await lockPeople(app, trx, [clientId, otherId])).has(otherId);
}

/**
 * Makes two people's interest mutual both ways, whatever existed before (nothing, one-way in
 * either direction, already mutual), under locks the caller took with lockPeople. Answers whether
 * anything changed.
 */
export async function makeInterestMutual(trx: Transaction<Database>, clientId: number, otherId: number) {
  let changed = false;
  for (const [from, to] of [
    [clientId, otherId],
    [otherId, clientId],
  ] as const) {
    const inserted = await trx
      .insertInto('interests')
      .values({
        client_id: from,
        target_client_id: to,
        status_id: INTEREST_STATUS.mutual,
        contacted: 0,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(['client_id', 'target_client_id']).doNothing())
      .executeTakeFirst();
    const updated = await trx
      .updateTable('interests')
      .set({ status_id: INTEREST_STATUS.mutual })
      .where('client_id', '=', from)
      .where('target_client_id', '=', to)
      .where('status_id', '<>', INTEREST_STATUS.mutual)
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 || Number(updated.numUpdatedRows) > 0)
      changed = true;
  }
  return changed;
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
    if (!reverse) return { ...result, becameMutual: false };
    if (own.status_id === INTEREST_STATUS.mutual && reverse.status_id === INTEREST_STATUS.mutual) {
      return { ...result, becameMutual: false };
    }
    await trx
      .updateTable('interests')
      .set({ status_id: INTEREST_STATUS.mutual })
      .where('id', 'in', [own.id, reverse.id])
      .execute();
    await enqueueMutualMails(trx, app.config.publicUrl, [own.id, reverse.id], clientId, targetId);
    return { ...result, becameMutual: true };
  });

  if (outcome.becameMutual) app.queue.wake();
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
  await app.db.transaction().execute(async (trx) => {
    await lockPair(app, trx, clientId, otherId);
    const deleted = await trx
      .deleteFrom('interests')
      .where('id', '=', interestId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    // A second tap that lost the race finds the row gone: the interest is withdrawn either way.
    if (Number(deleted.numDeletedRows) === 0) return;
    await trx
      .updateTable('interests')
      .set({ status_id: INTEREST_STATUS.oneWay })
      .where('client_id', '=', otherId)
      .where('target_client_id', '=', clientId)
      .execute();
  });
  return { name: publicName(interest.first_name, interest.last_name) };
}

/**
 * Tells both people, in the transaction that made the pair mutual. One mail per person and per
 * mutual pair of rows: a pair withdrawn and made mutual again (new rows) is news again.
 */
async function enqueueMutualMails(
  trx: Transaction<Database>,
  publicUrl: string,
  interestIds: number[],
  clientId: number,
  otherId: number,
): Promise<void> {
  const people = await trx
    .selectFrom('clients')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', [clientId, otherId])
    .execute();
  const pair = [...interestIds].sort((a, b) => a - b).join(':');
  const url = `${publicUrl}/intereses`;
  for (const person of people) {
    const other = people.find((candidate) => candidate.id !== person.id);
    if (!other) continue;
    const otherName = `${other.first_name} ${other.last_name}`;
    await enqueueMail(trx, `mail:mutual:${pair}:client:${person.id}`, {
      to: person.email,
      subject: `${otherName} y tú tienen un interés mutuo`,
      text: [
        `Hola ${person.first_name}:`,
        '',
        `${otherName} también mostró interés en ti: ahora el interés es mutuo.`,
        'Entra a «Mis intereses» para ver su anuncio y cómo contactarle.',
        '',
        url,
        '',
        'Cita',
      ].join('\n'),
    });
  }
}
