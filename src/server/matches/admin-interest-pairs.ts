import type { ExpressionBuilder } from 'kysely';
import { ADMIN_PAGE_SIZE } from '../../shared/contracts/admin';
import type { InterestPair, MatchDetails, MatchPerson } from '../../shared/contracts/admin-matches';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { INTEREST_STATUS } from '../../shared/domain/statuses';
import { approvedPhotos, mainPhotoUrls } from '../photos/photo-sources';
import { recordAudit } from '../platform/audit';
import { type BoundedTotal, boundedTotal } from '../platform/db/bounded-total';
import type { DB } from '../platform/db/database';
import { matchesFolded } from '../platform/db/folded-search';
import { afterKey, decodeCursor, encodeCursor } from '../platform/db/keyset';
import type { Database } from '../platform/db/schema';
import { serially } from '../platform/db/serial-query';
import { notFound } from '../platform/errors';
import { ageOnDay } from '../platform/time';
import { verifiedMarkOf, verifiedMarks } from '../verification/verified-marks';

/**
 * Past this many clients named by a search, the interest pairs are found by walking the newest
 * ones (matches are dense); below it, from those clients' own interests (matches are sparse).
 * Either way a page reads a bounded number of rows (docs/design/17-million.md, decision 0027).
 */
const DENSE_SEARCH_CLIENTS = 1000;

/** A one-way interest, or a mutual pair's row from its lower client id: each pair once. */
function listedOnce(eb: ExpressionBuilder<Database, 'interests'>) {
  return eb.or([
    eb('interests.status_id', '=', INTEREST_STATUS.oneWay),
    eb.and([
      eb('interests.status_id', '=', INTEREST_STATUS.mutual),
      eb('interests.client_id', '<', eb.ref('interests.target_client_id')),
    ]),
  ]);
}

/** Interest pairs 'A le interesa B'; a mutual pair (two rows) is listed once, by its lower client id. */
export async function listInterestPairs(
  db: DB,
  search: string | undefined,
  page: number,
  cursor: string | undefined,
): Promise<{ matches: InterestPair[]; next_cursor: string | null } & BoundedTotal> {
  let pairs = db.selectFrom('interests').where(listedOnce);
  let dense = true;
  let counted: BoundedTotal | null;
  if (search) {
    // The people named, found once: fewer than DENSE_SEARCH_CLIENTS are then a short list of ids,
    // where a subquery would search the names again in every clause (20 ms each at 1 000 000).
    const named = await db
      .selectFrom('clients')
      .select('clients.id')
      .where(matchesFolded('clients.search_text', search))
      .limit(DENSE_SEARCH_CLIENTS)
      .execute();
    dense = named.length >= DENSE_SEARCH_CLIENTS;
    // `in ()` is not SQL; no client has the id 0.
    const people = named.length ? named.map((row) => row.id) : [0];
    // Their rows found from each side's own index: written as one OR, the planner walks every
    // interest instead (8 s at 1 000 000 clients for a name nobody has; 9 ms this way).
    const involving = pairs.where(
      'interests.id',
      'in',
      db
        .selectFrom('interests')
        .select('interests.id')
        .where('interests.client_id', 'in', people)
        .unionAll(
          db.selectFrom('interests').select('interests.id').where('interests.target_client_id', 'in', people),
        ),
    );
    // Counted on interests alone: both people of a row always exist. A search naming thousands is
    // not counted: that reads every one of them (1.6 s for 'garcia' at 1 000 000 clients); its total
    // is what the pages so far hold, "más de N" while another page follows.
    counted = dense ? null : await boundedTotal(db, involving);
    pairs = involving;
  } else {
    counted = await boundedTotal(db, pairs);
  }
  let query = pairs
    .innerJoin('clients as a', 'a.id', 'interests.client_id')
    .innerJoin('clients as b', 'b.id', 'interests.target_client_id');
  if (search && dense) {
    // The same rows, written so that the newest-first index is walked and filtered on the way, by
    // the text kept on each interest: reading both clients of each of the 2 521 rows walked for
    // 'daniela' at 1 000 000 clients took 21 ms, this 6 (decision 0027).
    query = db
      .selectFrom('interests')
      .innerJoin('clients as a', 'a.id', 'interests.client_id')
      .innerJoin('clients as b', 'b.id', 'interests.target_client_id')
      .where(listedOnce)
      .where(matchesFolded('interests.search_text', search));
  }

  const start = cursor ? decodeCursor(cursor, ['string', 'number']) : null;
  // One row more than the page says whether another page follows.
  const pageQuery = (
    start ? query.where(afterKey(['interests.created_at', 'interests.id'], start, '<')) : query
  )
    .select([
      'interests.created_at',
      'interests.id',
      'interests.status_id',
      'interests.contacted',
      'a.id as a_id',
      'a.first_name as a_first',
      'a.last_name as a_last',
      'a.gender as a_gender',
      'b.id as b_id',
      'b.first_name as b_first',
      'b.last_name as b_last',
      'b.gender as b_gender',
    ])
    .orderBy('interests.created_at', 'desc')
    .orderBy('interests.id', 'desc')
    .limit(ADMIN_PAGE_SIZE + 1)
    .offset(start ? 0 : (page - 1) * ADMIN_PAGE_SIZE);
  const fetched = await serially(db, (reader) =>
    reader.executeQuery(pageQuery.compile()).then((result) => result.rows),
  );
  const rows = fetched.slice(0, ADMIN_PAGE_SIZE);
  const last = fetched.length > ADMIN_PAGE_SIZE ? rows.at(-1) : undefined;
  const ids = rows.flatMap((row) => [row.a_id, row.b_id]);
  const [photoOf, verifiedOf] = await Promise.all([mainPhotoUrls(db, ids, 'member'), verifiedMarks(db, ids)]);
  return {
    ...(counted ?? {
      total: (page - 1) * ADMIN_PAGE_SIZE + rows.length,
      total_estimated: last !== undefined,
    }),
    next_cursor: last ? encodeCursor([last.created_at, last.id]) : null,
    matches: rows.map((row) => ({
      id: row.id,
      client_a_id: row.a_id,
      client_a: `${row.a_first} ${row.a_last}`,
      client_b_id: row.b_id,
      client_b: `${row.b_first} ${row.b_last}`,
      status_id: row.status_id,
      mutual: row.status_id === INTEREST_STATUS.mutual,
      contacted: row.contacted,
      client_a_photo: photoOf(row.a_id),
      client_b_photo: photoOf(row.b_id),
      client_a_gender: row.a_gender,
      client_b_gender: row.b_gender,
      client_a_verified: verifiedOf(row.a_id),
      client_b_verified: verifiedOf(row.b_id),
    })),
  };
}

async function matchPerson(db: DB, clientId: number): Promise<MatchPerson> {
  const row = await db
    .selectFrom('clients')
    .leftJoin('adverts', 'adverts.client_id', 'clients.id')
    .select([
      'clients.id',
      'clients.first_name',
      'clients.last_name',
      'clients.gender',
      'clients.birthday',
      'clients.email',
      'clients.phone',
      'clients.instagram',
      'adverts.description',
    ])
    .where('clients.id', '=', clientId)
    .executeTakeFirstOrThrow();
  const [galleries, verified] = await Promise.all([
    approvedPhotos(db, [clientId], 'member'),
    verifiedMarkOf(db, clientId),
  ]);
  const gallery = galleries.get(clientId);
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    gender: row.gender,
    age: ageOnDay(row.birthday, dayInMexicoCity()),
    birthday: row.birthday,
    email: row.email,
    phone: row.phone,
    instagram: row.instagram,
    description: row.description ?? '',
    photo: gallery?.photo ?? null,
    photos: gallery?.photos ?? [],
    verified,
  };
}

export async function findMatchDetails(db: DB, matchId: number): Promise<MatchDetails> {
  const interest = await db.selectFrom('interests').selectAll().where('id', '=', matchId).executeTakeFirst();
  if (!interest) throw notFound('El interés no existe');
  return {
    id: interest.id,
    status_id: interest.status_id,
    mutual: interest.status_id === INTEREST_STATUS.mutual,
    contacted: interest.contacted,
    client_a: await matchPerson(db, interest.client_id),
    client_b: await matchPerson(db, interest.target_client_id),
  };
}

/** Marks an interest pair contacted; a mutual pair is one pair, so both of its rows change. */
export async function setInterestContacted(
  db: DB,
  adminId: number,
  id: number,
  contacted: 0 | 1,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const interest = await trx.selectFrom('interests').selectAll().where('id', '=', id).executeTakeFirst();
    if (!interest) throw notFound('El interés no existe');
    let update = trx.updateTable('interests').set({ contacted });
    update =
      interest.status_id === INTEREST_STATUS.mutual
        ? update.where((eb) =>
            eb.or([
              eb.and([
                eb('client_id', '=', interest.client_id),
                eb('target_client_id', '=', interest.target_client_id),
              ]),
              eb.and([
                eb('client_id', '=', interest.target_client_id),
                eb('target_client_id', '=', interest.client_id),
              ]),
            ]),
          )
        : update.where('id', '=', id);
    await update.execute();
    await recordAudit(trx, {
      adminId,
      action: 'interest.contacted',
      entity: 'interest',
      entityId: id,
      before: { contacted: interest.contacted },
      after: { contacted },
    });
  });
}
