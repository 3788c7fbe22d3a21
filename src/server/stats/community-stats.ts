import type { FastifyInstance } from 'fastify';
import { COUNTER_CAPS, type CounterKey } from '../../shared/domain/landing';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import {
  ASSISTANCE_STATUS,
  CLIENT_STATUS,
  EVENT_STATUS,
  INTEREST_STATUS,
} from '../../shared/domain/statuses';
import { CachedValue } from '../platform/cached-value';
import type { DB } from '../platform/db/database';

/** The community's real figures, counted the way the landing labels them. */
export async function countCommunity(db: DB): Promise<Record<CounterKey, number>> {
  const [people, dates, interests, mutual, attendances] = await Promise.all([
    db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('status_id', '=', CLIENT_STATUS.active)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('status_id', 'in', [EVENT_STATUS.confirmed, EVENT_STATUS.soldOut])
      .where('day', '<', dayInMexicoCity())
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('interests')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('interests')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('status_id', '=', INTEREST_STATUS.mutual)
      .executeTakeFirstOrThrow(),
    // A sign-up that holds a place; a waiting or cancelled one has met nobody.
    db
      .selectFrom('assistance')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('status_id', 'in', [ASSISTANCE_STATUS.registered, ASSISTANCE_STATUS.confirmed])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    people: Number(people.total),
    dates: Number(dates.total),
    meets: Number(interests.total) + Number(attendances.total),
    // A mutual interest is stored once per direction.
    matches: Math.floor(Number(mutual.total) / 2),
  };
}

const cachedTargets = new WeakMap<DB, CachedValue<Record<CounterKey, number>>>();

/**
 * The landing counters as this instance last computed them: whole-table counts cost a second at a
 * million members (docs/design/17-million.md), so they are recomputed at most once per STATS_MAX_AGE_SECONDS,
 * in the background.
 */
export async function landingCounters(app: FastifyInstance): Promise<Record<CounterKey, number>> {
  let cached = cachedTargets.get(app.db);
  if (!cached) {
    cached = new CachedValue(
      app.config.statsMaxAgeMs,
      () => landingCounterTargets(app.db),
      (error) => app.log.error({ err: error }, 'landing counters refresh failed'),
    );
    cachedTargets.set(app.db, cached);
  }
  return (await cached.get()).value;
}

/**
 * What each landing counter climbs to. The specification's caps are the marketing floor: a young
 * community still shows them, and a grown one shows its real, larger figures.
 */
export async function landingCounterTargets(db: DB): Promise<Record<CounterKey, number>> {
  const community = await countCommunity(db);
  return {
    people: Math.max(COUNTER_CAPS.people, community.people),
    dates: Math.max(COUNTER_CAPS.dates, community.dates),
    meets: Math.max(COUNTER_CAPS.meets, community.meets),
    matches: Math.max(COUNTER_CAPS.matches, community.matches),
  };
}
