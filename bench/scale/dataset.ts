import { type RawBuilder, sql } from 'kysely';
import { pairSearchText } from '../../src/server/matches/interests/pair-search-text';
import type { DB } from '../../src/server/platform/db/database';
import { CATEGORY_IDS } from '../../src/shared/domain/categories';
import { CITIES } from '../../src/shared/domain/cities';
import { PRIVACY_NOTICE_VERSION } from '../../src/shared/domain/privacy';
import { QUIZ_QUESTIONS } from '../../src/shared/domain/quiz-questions';
import { foldForSearch } from '../../src/shared/domain/search-text';
import { seededRandom, syntheticAnswers, syntheticClients } from '../synthetic-clients';
import {
  ADVERT_TEXTS,
  EVENT_NAMES,
  LAST_NAMES,
  MEN_NAMES,
  OCCUPATIONS,
  REPORT_TEXTS,
  VENUES,
  WOMEN_NAMES,
} from './reference-data';
import { scaleVariantBytes } from './variant-bytes';

/**
 * The reference dataset of docs/design/17-million.md, written with set-based SQL (INSERT … SELECT over a
 * series) so a million rows take seconds, not hours. Every value is a function of the row's id
 * through `hash`, so the same size gives the same rows on every machine and on both databases.
 * Counts scale with `clients`: 1 000 000 gives the §17 figures.
 */
export interface ScaleSize {
  clients: number;
}

export interface ScaleCounts {
  clients: number;
  adverts: number;
  photos: number;
  quizAnswers: number;
  interests: number;
  events: number;
  signUps: number;
  reports: number;
  jobs: number;
}

/** Every member's password in the dataset (one hash for all: hashing a million is not the point). */
export const SCALE_PASSWORD = 'escala-bench-123';

const QUIZ_PROFILES = 20_000;
const UPCOMING_EVENTS = 120;
const SIGN_UPS_PER_EVENT = 40;

type Dialect = 'postgres' | 'sqlite';

export async function loadScaleDataset(
  db: DB,
  dialect: Dialect,
  size: ScaleSize,
  passwordHash: string,
  now = new Date(),
): Promise<ScaleCounts> {
  const c = size.clients;
  const factor = c / 1_000_000;
  const events = Math.max(200, Math.round(20_000 * factor));
  const run = (query: RawBuilder<unknown>) => query.execute(db);
  const series = (n: number) =>
    dialect === 'postgres'
      ? sql`with s(n) as (select generate_series(1, ${sql.lit(n)})::bigint)`
      : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(n)})`;
  /** A well-mixed non-negative integer of a row id: the dataset's only source of variety. */
  const hash = (expr: RawBuilder<unknown> | string, salt: number) =>
    sql`((${typeof expr === 'string' ? sql.raw(expr) : expr} * 2654435761 + ${sql.lit(salt * 40503)}) % 2147483647)`;
  const iso = (secondsAgo: RawBuilder<unknown>) =>
    dialect === 'postgres'
      ? sql`to_char((${now.toISOString()}::timestamptz - (${secondsAgo}) * interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${now.toISOString()}, '-' || (${secondsAgo}) || ' seconds')`;
  /** A member id from a hash, and another one guaranteed different from it. */
  const member = (salt: number) => sql`${hash('s.n', salt)} % ${sql.lit(c)} + 1`;
  const otherMember = (salt: number, otherSalt: number) =>
    sql`(${hash('s.n', salt)} % ${sql.lit(c)} + 1 + ${hash('s.n', otherSalt)} % ${sql.lit(c - 1)}) % ${sql.lit(c)} + 1`;
  const day = (daysFromToday: RawBuilder<unknown>) =>
    dialect === 'postgres'
      ? sql`to_char(${now.toISOString().slice(0, 10)}::date + (${daysFromToday})::int, 'YYYY-MM-DD')`
      : sql`date(${now.toISOString().slice(0, 10)}, (${daysFromToday}) || ' days')`;

  await createReferenceTables(db, dialect);

  // Clients: a quiz profile gives gender, age and answers (the matching benchmark's distributions).
  await run(sql`insert into clients (id, first_name, last_name, email, phone, birthday, gender, occupation,
      instagram, password_hash, status_id, date_creation, search_text, privacy_consent_version, privacy_consent_at)
    ${series(c)}
    select s.n, f.name, l1.name || ' ' || l2.name,
      f.folded_compact || '.' || l1.folded_compact || '.' || s.n || '@ejemplo.mx',
      '55' || (10000000 + ${hash('s.n', 5)} % 89999999),
      ${day(sql`-(p.age * 365 + ${hash('s.n', 4)} % 365)`)},
      p.gender, o.name, '', ${passwordHash},
      case when ${hash('s.n', 6)} % 100 < 2 then 2 else 1 end,
      ${iso(sql`${hash('s.n', 7)} % 94608000`)},
      f.folded || ' ' || l1.folded || ' ' || l2.folded || ' ' || f.folded_compact || '.' || l1.folded_compact || '.' || s.n || '@ejemplo.mx'
        || ' 55' || (10000000 + ${hash('s.n', 5)} % 89999999) || ' 55' || (10000000 + ${hash('s.n', 5)} % 89999999),
      ${PRIVACY_NOTICE_VERSION}, ${iso(sql`${hash('s.n', 7)} % 94608000`)}
    from s
    join scale_profiles p on p.i = ${hash('s.n', 1)} % ${sql.lit(QUIZ_PROFILES)}
    join scale_names f on f.gender = p.gender and f.i = ${hash('s.n', 2)} % 40
    join scale_last_names l1 on l1.i = ${hash('s.n', 3)} % ${sql.lit(LAST_NAMES.length)}
    join scale_last_names l2 on l2.i = ${hash('s.n', 8)} % ${sql.lit(LAST_NAMES.length)}
    join scale_words o on o.kind = 'occupation' and o.i = ${hash('s.n', 9)} % ${sql.lit(OCCUPATIONS.length)}`);

  // Adverts of 30 % of the members, 1 % with a text waiting for approval.
  await run(sql`insert into adverts (id, client_id, status_id, description, description_update, status_update, updated_at)
    select c.id, c.id, 1, w.name,
      case when ${hash('c.id', 11)} % 100 = 0 then 'Texto nuevo esperando aprobación: ' || w.name end,
      case when ${hash('c.id', 11)} % 100 = 0 then 1 end,
      ${iso(sql`${hash('c.id', 12)} % 31536000`)}
    from clients c
    join scale_words w on w.kind = 'advert' and w.i = ${hash('c.id', 13)} % ${sql.lit(ADVERT_TEXTS.length)}
    where ${hash('c.id', 10)} % 10 < 3`);

  // 1–3 approved photos per advert; one image per photo, all sharing the same tiny variant bytes.
  await run(sql`insert into images (id, kind, version, width, height, created_at)
    select a.client_id * 3 + k.i, 'photo', 'escala' || (a.client_id * 3 + k.i), 1080, 1350, a.updated_at
    from adverts a join scale_numbers k on k.i < 1 + ${hash('a.client_id', 14)} % 3`);
  await run(sql`insert into image_variants (image_id, variant, width, height, content_type, bytes)
    select i.id, v.variant, v.width, v.height, 'image/webp', v.bytes from images i cross join scale_variants v`);
  await run(sql`insert into photos (id, client_id, image_id, position, status_id, reason, created_at, updated_at, reviewed_at, reviewed_by)
    select i.id, i.id / 3, i.id, i.id % 3 + 1, 2, null, i.created_at, i.created_at, i.created_at, null from images i`);

  // Quiz answers of 60 % of the members, from their profile.
  const questionColumns = QUIZ_QUESTIONS.map((question) => question.key);
  await run(sql`insert into quiz_answers (client_id, ${sql.raw(questionColumns.join(', '))}, updated_at)
    select c.id, ${sql.raw(questionColumns.map((key) => `p.${key}`).join(', '))}, c.date_creation
    from clients c join scale_profiles p on p.i = ${hash('c.id', 1)} % ${sql.lit(QUIZ_PROFILES)}
    where ${hash('c.id', 15)} % 10 < 6`);

  // Interests: 600 000 mutual pairs (both directions) and 2 400 000 one-way, never to oneself.
  const mutualPairs = Math.round(0.6 * c);
  // Each with both people's search text, as the app writes it (matches/interests/pair-search-text.ts).
  await run(sql`insert into interests (client_id, target_client_id, status_id, contacted, created_at, search_text)
    ${series(mutualPairs)}, pairs(a, b, at) as (
      select ${member(21)}, ${otherMember(21, 22)}, ${iso(sql`${hash('s.n', 23)} % 31536000`)} from s),
    both_ways(a, b, at) as (select a, b, at from pairs union all select b, a, at from pairs)
    select a, b, 2, 0, at, ${pairSearchText(sql.ref('a'), sql.ref('b'))} from both_ways where true
    on conflict do nothing`);
  await run(sql`insert into interests (client_id, target_client_id, status_id, contacted, created_at, search_text)
    ${series(4 * mutualPairs)}, one_way(a, b, contacted, at) as (
      select ${member(24)}, ${otherMember(24, 25)},
        case when ${hash('s.n', 26)} % 10 = 0 then 1 else 0 end, ${iso(sql`${hash('s.n', 27)} % 31536000`)} from s)
    select a, b, 1, contacted, at, ${pairSearchText(sql.ref('a'), sql.ref('b'))} from one_way where true
    on conflict do nothing`);

  // Events: the last UPCOMING_EVENTS ids are in the next 90 days, the rest one every few days back.
  const past = events - UPCOMING_EVENTS;
  await run(sql`insert into events (id, name, day, hour, description, price_m_cents, price_w_cents, limit_m, limit_w,
      occupation, status_id, image_id, created_at, updated_at, venue, address, city, duration_minutes, age_min, age_max,
      round_minutes, picks_closed_at, search_text)
    ${series(events)}
    select s.n, e.name || ' en ' || ci.name, ${day(sql`case when s.n > ${sql.lit(past)} then 1 + (s.n - ${sql.lit(past)}) * 90 / ${sql.lit(UPCOMING_EVENTS)} else -(${sql.lit(past)} - s.n + 1) * 1825 / ${sql.lit(past)} - 1 end`)},
      '20:00', 'Una noche para conocer gente nueva con dinámicas guiadas por nuestro equipo.',
      50000 + ${hash('s.n', 31)} % 5 * 10000, 40000 + ${hash('s.n', 31)} % 5 * 10000, 20, 20, 1,
      case when ${hash('s.n', 32)} % 50 = 0 then 2 else 1 end, null,
      ${iso(sql`(${sql.lit(events)} - s.n) * 7200 + 86400 * 30`)}, ${iso(sql`(${sql.lit(events)} - s.n) * 7200`)},
      v.name, v.folded, ci.folded, 150, 25, 45, 7, null, e.folded || ' en ' || lower(ci.name)
    from s
    join scale_words e on e.kind = 'event' and e.i = ${hash('s.n', 33)} % ${sql.lit(EVENT_NAMES.length)}
    join scale_words ci on ci.kind = 'city' and ci.i = ${hash('s.n', 34)} % ${sql.lit(CITIES.length)}
    join scale_words v on v.kind = 'venue' and v.i = ${hash('s.n', 35)} % ${sql.lit(VENUES.length)}`);
  await run(sql`insert into event_categories (event_id, category)
    select e.id, w.name from events e join scale_words w on w.kind = 'category' and w.i = ${hash('e.id', 36)} % ${sql.lit(CATEGORY_IDS.length)}`);

  // 40 sign-ups per event: confirmed with a ticket (checked in when past), some waiting, some cancelled.
  await run(sql`insert into assistance (event_id, client_id, status_id, contacted, created_at, ticket, checked_in_at)
    select e.id, ${hash(sql`(e.id * 64 + k.i)`, 41)} % ${sql.lit(c)} + 1,
      case when k.i >= 38 then 3 when k.i = 37 then 4 when k.i >= 30 then 1 else 2 end, 0, e.created_at,
      case when k.i < 30 then 'escala-' || e.id || '-' || k.i end,
      case when k.i < 30 and e.id <= ${sql.lit(past)} then e.updated_at end
    from events e join scale_numbers k on k.i < ${sql.lit(SIGN_UPS_PER_EVENT)} where true
    on conflict do nothing`);

  // Reports (5 % still open) and blocks.
  const reports = Math.round(50_000 * factor);
  await run(sql`insert into reports (id, client_id, target_client_id, reason, text, status_id, action, created_at, resolved_at, resolved_by)
    ${series(reports)}
    select s.n, ${member(51)}, ${otherMember(51, 52)},
      w.folded, w.name, case when ${hash('s.n', 53)} % 20 = 0 then 1 else 2 end, null,
      ${iso(sql`${hash('s.n', 54)} % 31536000`)}, null, null
    from s join scale_words w on w.kind = 'report' and w.i = ${hash('s.n', 55)} % ${sql.lit(REPORT_TEXTS.length)}`);
  await run(sql`insert into blocks (client_id, target_client_id, created_at)
    ${series(Math.round(20_000 * factor))}
    select ${member(61)}, ${otherMember(61, 62)}, ${iso(sql`${hash('s.n', 63)} % 31536000`)}
    from s where true
    on conflict do nothing`);

  // Two million finished jobs (sent e-mails) behind the few pending ones.
  const jobs = Math.round(2_000_000 * factor);
  await run(sql`insert into jobs (kind, key, payload, state, attempts, max_attempts, run_at, locked_until, locked_by, last_error, created_at, finished_at)
    ${series(jobs)}
    select 'mail', null, null, 'done', 1, 5, ${iso(sql`s.n * 15`)}, null, null, null, ${iso(sql`s.n * 15`)}, ${iso(sql`s.n * 15 - 2`)}
    from s`);

  await dropReferenceTables(db);
  if (dialect === 'postgres') {
    for (const table of [
      'clients',
      'adverts',
      'images',
      'photos',
      'events',
      'assistance',
      'interests',
      'reports',
      'jobs',
    ]) {
      await run(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`,
      );
    }
    await run(sql`analyze`);
  } else {
    await run(sql`analyze`);
  }
  return countRows(db);
}

async function countRows(db: DB): Promise<ScaleCounts> {
  const count = async (table: string, where = sql`true`) => {
    const result = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  };
  return {
    clients: await count('clients'),
    adverts: await count('adverts'),
    photos: await count('photos'),
    quizAnswers: await count('quiz_answers'),
    interests: await count('interests'),
    events: await count('events'),
    signUps: await count('assistance'),
    reports: await count('reports'),
    jobs: await count('jobs'),
  };
}

const REFERENCE_TABLES = [
  'scale_profiles',
  'scale_names',
  'scale_last_names',
  'scale_words',
  'scale_numbers',
  'scale_variants',
];

async function dropReferenceTables(db: DB): Promise<void> {
  for (const table of REFERENCE_TABLES) await sql`drop table if exists ${sql.table(table)}`.execute(db);
}

/** Small lookup tables the big INSERT … SELECTs join to; dropped once the data is in. */
async function createReferenceTables(db: DB, dialect: Dialect): Promise<void> {
  await dropReferenceTables(db);
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  const questionColumns = QUIZ_QUESTIONS.map((question) => `${question.key} text`).join(', ');
  await sql`create table scale_profiles (i integer primary key, gender integer, age integer, ${sql.raw(questionColumns)})`.execute(
    db,
  );
  await sql`create table scale_names (gender integer, i integer, name text, folded text, folded_compact text, primary key (gender, i))`.execute(
    db,
  );
  await sql`create table scale_last_names (i integer primary key, name text, folded text, folded_compact text)`.execute(
    db,
  );
  await sql`create table scale_words (kind text, i integer, name text, folded text, primary key (kind, i))`.execute(
    db,
  );
  await sql`create table scale_numbers (i integer primary key)`.execute(db);
  await sql`create table scale_variants (variant text, width integer, height integer, bytes ${sql.raw(bytes)})`.execute(
    db,
  );

  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    for (let start = 0; start < rows.length; start += 500) {
      await db
        .insertInto(table as never)
        .values(rows.slice(start, start + 500) as never)
        .execute();
    }
  };
  const folded = (name: string) => ({
    name,
    folded: foldForSearch(name),
    folded_compact: foldForSearch(name).replace(/ /g, ''),
  });

  const random = seededRandom(20261124);
  const profiles = syntheticClients(QUIZ_PROFILES, 20261124).map((client, i) => {
    const age = client.age ?? 30;
    // Every profile answered: whether a member answered is decided per member, not per profile.
    return {
      i,
      gender: client.gender,
      age,
      ...(client.answers ?? syntheticAnswers(random, client.gender, age)),
    };
  });
  await insert('scale_profiles', profiles);
  // LGBTQ+ members take names from both lists.
  const mixed = [...WOMEN_NAMES.slice(0, 20), ...MEN_NAMES.slice(0, 20)];
  await insert('scale_names', [
    ...WOMEN_NAMES.map((name, i) => ({ gender: 1, i, ...folded(name) })),
    ...MEN_NAMES.map((name, i) => ({ gender: 2, i, ...folded(name) })),
    ...mixed.map((name, i) => ({ gender: 3, i, ...folded(name) })),
  ]);
  await insert(
    'scale_last_names',
    LAST_NAMES.map((name, i) => ({ i, ...folded(name) })),
  );
  const words = (
    kind: string,
    list: readonly string[],
    stored: (text: string, i: number) => string = (text) => foldForSearch(text),
  ) => list.map((name, i) => ({ kind, i, name, folded: stored(name, i) }));
  await insert('scale_words', [
    ...words('occupation', OCCUPATIONS),
    ...words('advert', ADVERT_TEXTS),
    ...words('event', EVENT_NAMES),
    ...words(
      'city',
      CITIES.map((city) => city.label),
      (_, i) => CITIES[i]!.code,
    ),
    ...words(
      'venue',
      VENUES.map(([name]) => name),
      (_, i) => VENUES[i]![1],
    ),
    ...words('category', CATEGORY_IDS.map(String), (id) => id),
    ...words('report', REPORT_TEXTS, (_, i) => ['fake', 'fake', 'offensive', 'harassment', 'underage'][i]!),
  ]);
  await insert(
    'scale_numbers',
    Array.from({ length: 64 }, (_, i) => ({ i })),
  );
  await insert('scale_variants', await scaleVariantBytes());
}
