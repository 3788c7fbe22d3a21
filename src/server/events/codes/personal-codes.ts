import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { EarnedCodeState } from '../../../shared/domain/invites';
import { dayInMexicoCity } from '../../../shared/domain/mexico-time';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import type { DB } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

/**
 * Personal codes (decision 0053): a real promo code, one use in total, for every event and
 * gender, that only its owner may use. Other domains ask for one here (bring someone's reward)
 * and read hers back; the code tables stay the events domain's.
 */

/** What a personal code takes off and how long it lasts. */
export interface PersonalCodeOffer {
  percentOff: number | null;
  amountOffCents: number | null;
  validDays: number;
}

export interface PersonalCode {
  id: number;
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  valid_from: string | null;
  valid_until: string | null;
  state: EarnedCodeState;
}

/** Letters and digits nobody misreads when typing from a phone (no 0/O, 1/I/L). */
const CODE_LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_PREFIX = 'INVITA';

function newCode(): string {
  let suffix = '';
  for (let index = 0; index < 6; index++) suffix += CODE_LETTERS[randomInt(CODE_LETTERS.length)];
  return `${CODE_PREFIX}${suffix}`;
}

/**
 * Creates her code, valid from the day it is earned through `validDays` later (Mexico City days,
 * both included). A name already taken (by an admin's code) is drawn again before the insert, so
 * no unique violation aborts the caller's transaction.
 */
export async function issuePersonalCode(
  trx: Transaction<Database>,
  clientId: number,
  offer: PersonalCodeOffer,
  now: Date = new Date(),
): Promise<{ id: number; code: string; valid_until: string }> {
  let code = newCode();
  while (await trx.selectFrom('promo_codes').select('id').where('code', '=', code).executeTakeFirst()) {
    code = newCode();
  }
  const validUntil = dayInMexicoCity(new Date(now.getTime() + offer.validDays * 86_400_000));
  const at = now.toISOString();
  const row = await trx
    .insertInto('promo_codes')
    .values({
      code,
      percent_off: offer.percentOff,
      amount_off_cents: offer.amountOffCents,
      genders: null,
      max_uses: 1,
      max_uses_per_member: 1,
      valid_from: dayInMexicoCity(now),
      valid_until: validUntil,
      created_at: at,
      updated_at: at,
      client_id: clientId,
      personal: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code, valid_until: validUntil };
}

/** Her personal codes, newest first, each with where it stands today. */
export async function personalCodesOf(db: DB, clientId: number): Promise<PersonalCode[]> {
  const rows = await db
    .selectFrom('promo_codes')
    .select([
      'promo_codes.id',
      'promo_codes.code',
      'promo_codes.percent_off',
      'promo_codes.amount_off_cents',
      'promo_codes.valid_from',
      'promo_codes.valid_until',
      (eb) =>
        eb
          .selectFrom('promo_code_uses')
          .select(sql<number>`count(*)`.as('uses'))
          .whereRef('promo_code_uses.code_id', '=', 'promo_codes.id')
          .where('promo_code_uses.released_at', 'is', null)
          .as('uses'),
    ])
    .where('promo_codes.client_id', '=', clientId)
    .where('promo_codes.personal', '=', 1)
    .orderBy('promo_codes.id', 'desc')
    .execute();
  const today = dayInMexicoCity();
  return rows.map(({ uses, ...code }) => ({
    ...code,
    state:
      Number(uses) > 0
        ? 'used'
        : code.valid_until !== null && today > code.valid_until
          ? 'expired'
          : 'available',
  }));
}

/** Every personal code: how many were earned, how many are held or paid with, what they took off paid places. */
export async function personalCodeFigures(
  db: DB,
): Promise<{ earned: number; used: number; discounted_cents: number }> {
  const earned = await db
    .selectFrom('promo_codes')
    .select(sql<number>`count(*)`.as('n'))
    .where('personal', '=', 1)
    .executeTakeFirstOrThrow();
  const uses = await db
    .selectFrom('promo_code_uses')
    .innerJoin('promo_codes', 'promo_codes.id', 'promo_code_uses.code_id')
    .leftJoin('assistance', 'assistance.id', 'promo_code_uses.assistance_id')
    .select([
      sql<number>`count(*)`.as('used'),
      sql<number>`coalesce(sum(case when assistance.status_id = ${ASSISTANCE_STATUS.confirmed} then promo_code_uses.discount_cents else 0 end), 0)`.as(
        'discounted',
      ),
    ])
    .where('promo_codes.personal', '=', 1)
    .where('promo_code_uses.released_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    earned: Number(earned.n),
    used: Number(uses.used),
    discounted_cents: Number(uses.discounted),
  };
}
