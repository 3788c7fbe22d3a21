import { sql } from 'kysely';
import type { DB } from '../platform/db/database';

const MINUTE_MS = 60_000;

/** The budget of one area ('client', 'admin', 'forgot') and one e-mail, as e-mails are stored. */
export function emailThrottleKey(area: string, email: string): string {
  return `${area}|email|${email.trim().toLowerCase()}`;
}

/** The budget of one e-mail from one address: the only one whose failures refuse the right password. */
export function emailAddressThrottleKey(area: string, email: string, address: string): string {
  return `${emailThrottleKey(area, email)}|ip|${address}`;
}

const DELAY_STEP_MS = 250;
const MAX_DELAY_MS = 3_000;

/**
 * How long a log-in for an e-mail waits once `attempts` were counted for it this minute from any
 * address: 250 ms for each attempt past the budget, at most 3 s. Guessing spread over many
 * addresses slows down, and the owner still gets in (docs/design/22-places-and-money.md).
 */
export function spreadGuessingDelayMs(attempts: number, perEmail: number): number {
  return Math.min(MAX_DELAY_MS, DELAY_STEP_MS * Math.max(0, attempts - perEmail));
}

/**
 * Counts one attempt against `key` in the current window (one minute unless told) and returns the
 * attempts so far. One statement, so concurrent attempts on any instance are all counted.
 */
export async function countAttempt(
  db: DB,
  key: string,
  now = new Date(),
  windowMs = MINUTE_MS,
): Promise<number> {
  const windowStart = now.toISOString();
  const expired = new Date(now.getTime() - windowMs).toISOString();
  const row = await db
    .insertInto('login_throttle')
    .values({ key, window_start: windowStart, attempts: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        attempts: sql<number>`case when login_throttle.window_start <= ${expired} then 1 else login_throttle.attempts + 1 end`,
        window_start: sql<string>`case when login_throttle.window_start <= ${expired} then ${windowStart} else login_throttle.window_start end`,
      }),
    )
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

/** A successful log-in clears the e-mail's budget, so a few typos do not lock the owner out. */
export async function clearAttempts(db: DB, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** Every budget that names the e-mail in an area, from any address (an erasure leaves none behind). */
export async function clearEmailAttempts(db: DB, area: string, email: string): Promise<void> {
  const key = emailThrottleKey(area, email);
  const perAddress = `${key}|ip|`;
  await db
    .deleteFrom('login_throttle')
    .where((eb) =>
      eb.or([eb('key', '=', key), eb(sql<string>`substr(key, 1, ${perAddress.length})`, '=', perAddress)]),
    )
    .execute();
}
