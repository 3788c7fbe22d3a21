import { sql } from 'kysely';
import type { AdminStatsResponse, EventPlaces, WeekCount } from '../../shared/contracts/admin';
import { STATS_WEEKS } from '../../shared/contracts/admin';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS, EVENT_STATUS, INTEREST_STATUS } from '../../shared/domain/statuses';
import type { DB } from '../platform/db/database';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic, no time zone involved). */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week holding this day. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * Counts per Mexico City week of UTC timestamps grouped by the hour in SQL (substr works the same
 * on both engines; Mexico City's offset is whole hours, so an hour falls in exactly one local day).
 */
function byWeek(hourCounts: { hour: string; count: number }[], weeks: string[]): WeekCount[] {
  const counts = new Map(weeks.map((week) => [week, 0]));
  for (const { hour, count } of hourCounts) {
    const week = mondayOf(dayInMexicoCity(new Date(`${hour}:00:00Z`)));
    const current = counts.get(week);
    if (current !== undefined) counts.set(week, current + Number(count));
  }
  return weeks.map((week) => ({ week, count: counts.get(week) ?? 0 }));
}

export async function adminStats(
  db: DB,
  now = new Date(),
): Promise<Omit<AdminStatsResponse, 'status' | 'message' | 'computed_at'>> {
  const today = dayInMexicoCity(now);
  const thisMonday = mondayOf(today);
  const weeks = Array.from({ length: STATS_WEEKS }, (_, index) =>
    addDays(thisMonday, (index - STATS_WEEKS + 1) * 7),
  );
  // A day early in UTC: Mexico City is behind UTC, so its first Monday starts after this.
  const since = `${addDays(weeks[0] as string, -1)}T00:00:00.000Z`;

  const signupHours = await db
    .selectFrom('clients')
    .select([
      sql<string>`substr(date_creation, 1, 13)`.as('hour'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('date_creation', '>=', since)
    .groupBy(sql`substr(date_creation, 1, 13)`)
    .execute();

  // A match is a mutual pair; it happened when its later interest was sent.
  const mutualRows = await db
    .selectFrom('interests')
    .select(['client_id', 'target_client_id', 'created_at'])
    .where('status_id', '=', INTEREST_STATUS.mutual)
    .where('created_at', '>=', since)
    .execute();
  const matchedAt = new Map<string, string>();
  for (const row of mutualRows) {
    const key = [row.client_id, row.target_client_id].sort((a, b) => a - b).join('-');
    const seen = matchedAt.get(key);
    if (seen === undefined || row.created_at > seen) matchedAt.set(key, row.created_at);
  }
  const matchHours = new Map<string, number>();
  for (const at of matchedAt.values()) {
    const hour = at.slice(0, 13);
    matchHours.set(hour, (matchHours.get(hour) ?? 0) + 1);
  }

  const events = await db
    .selectFrom('events')
    .leftJoin('assistance', 'assistance.event_id', 'events.id')
    .leftJoin('clients', 'clients.id', 'assistance.client_id')
    .select((eb) => {
      const count = (gender: number, statuses: number[]) =>
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('clients.gender', '=', gender), eb('assistance.status_id', 'in', statuses)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as(`${statuses.length === 2 ? 'held' : 'confirmed'}_${gender === 1 ? 'w' : 'm'}`);
      const both = [ASSISTANCE_STATUS.registered, ASSISTANCE_STATUS.confirmed];
      return [
        'events.id',
        'events.name',
        'events.day',
        'events.status_id',
        'events.limit_w',
        'events.limit_m',
        count(1, both),
        count(2, both),
        count(1, [ASSISTANCE_STATUS.confirmed]),
        count(2, [ASSISTANCE_STATUS.confirmed]),
        eb.fn.count<number>('assistance.checked_in_at').as('checked_in'),
      ];
    })
    .where('events.status_id', '!=', EVENT_STATUS.deleted)
    .where('events.day', '>=', today)
    .groupBy([
      'events.id',
      'events.name',
      'events.day',
      'events.status_id',
      'events.limit_w',
      'events.limit_m',
      'events.hour',
    ])
    .orderBy('events.day')
    .orderBy('events.hour')
    .orderBy('events.id')
    .execute();

  return {
    signups_by_week: byWeek(signupHours, weeks),
    matches_by_week: byWeek(
      [...matchHours].map(([hour, count]) => ({ hour, count })),
      weeks,
    ),
    events: events.map(
      (event): EventPlaces => ({
        id: event.id,
        name: event.name,
        day: event.day,
        status_id: event.status_id,
        limit_w: event.limit_w,
        limit_m: event.limit_m,
        held_w: Number(event.held_w ?? 0),
        held_m: Number(event.held_m ?? 0),
        confirmed_w: Number(event.confirmed_w ?? 0),
        confirmed_m: Number(event.confirmed_m ?? 0),
        checked_in: Number(event.checked_in),
      }),
    ),
  };
}
