import type { Selectable, Transaction } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';
import { formatCalendarDate } from '../../../shared/domain/mexico-dates';
import { dayInMexicoCity } from '../../../shared/domain/mexico-time';
import {
  discountCents,
  normalizePromoCode,
  PROMO_CODE_GUESSES_PER_HOUR,
} from '../../../shared/domain/promo-codes';
import type { DB } from '../../platform/db/database';
import type { Database, PromoCodeTable } from '../../platform/db/schema';
import { AppError, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors';

type PromoCodeRow = Selectable<PromoCodeTable>;

export const CODE_UNKNOWN = 'Ese código no existe: revisa que esté bien escrito';
export const CODE_PERSONAL = 'Este código es personal de otra persona: solo puede usarlo quien lo ganó';
export const CODE_EXPIRED = 'Este código ya venció';
export const CODE_SWITCHED_OFF = 'Este código no está activo por ahora';
export const CODE_USED_UP = 'Este código ya se agotó';
export const CODE_NOT_FOR_EVENT = 'Este código no es válido para este evento';
export const CODE_NOT_FOR_GENDER = 'Este código no es válido para tu perfil';
export const CODE_ALREADY_USED = 'Ya usaste este código';
export const CODE_NOTHING_TO_PAY = 'Este evento no se paga en línea: no necesitas código';
export const CODE_TOO_MANY_GUESSES =
  'Escribiste demasiados códigos que no son válidos: inténtalo de nuevo en una hora';

/** The code that applies to her place, and what it takes off. */
export interface AppliedCode {
  codeId: number;
  code: string;
  listPriceCents: number;
  discountCents: number;
}

/** Who asks and for what: the member, her gender, the event and her price before the code. */
export interface CodeRequest {
  clientId: number;
  gender: number;
  eventId: number;
  listPriceCents: number;
}

/** Uses that count against a code's limits: those not released by a cancelled place. */
async function liveUses(db: DB, codeId: number, clientId: number): Promise<{ all: number; hers: number }> {
  const row = await db
    .selectFrom('promo_code_uses')
    .select([
      sql<number>`count(*)`.as('all'),
      sql<number>`coalesce(sum(case when client_id = ${clientId} then 1 else 0 end), 0)`.as('hers'),
    ])
    .where('code_id', '=', codeId)
    .where('released_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), hers: Number(row.hers) };
}

/**
 * Why the code does not apply to her (a Spanish 4xx), or what it takes off. Dates are days in
 * Mexico City, both ends included. `lock` takes the code's row first (PostgreSQL `FOR UPDATE`;
 * SQLite's single writer), so concurrent places never hold more uses than the code has.
 */
export async function applicableCode(
  db: DB,
  typed: string,
  request: CodeRequest,
  lock = false,
): Promise<AppliedCode> {
  let query = db.selectFrom('promo_codes').selectAll().where('code', '=', normalizePromoCode(typed));
  if (lock && db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const code: PromoCodeRow | undefined = await query.executeTakeFirst();
  if (!code) throw notFound(CODE_UNKNOWN);
  // A personal code (decision 0053) is hers alone; once its owner is erased, nobody's.
  if (code.personal === 1 && code.client_id !== request.clientId) throw forbidden(CODE_PERSONAL);
  if (code.active === 0) throw conflict(CODE_SWITCHED_OFF);
  const today = dayInMexicoCity();
  if (code.valid_from && today < code.valid_from) {
    throw conflict(`Este código es válido a partir del ${formatCalendarDate(code.valid_from)}`);
  }
  if (code.valid_until && today > code.valid_until) throw conflict(CODE_EXPIRED);
  const events = await db
    .selectFrom('promo_code_events')
    .select('event_id')
    .where('code_id', '=', code.id)
    .execute();
  if (events.length > 0 && !events.some((row) => row.event_id === request.eventId)) {
    throw conflict(CODE_NOT_FOR_EVENT);
  }
  if (code.genders && !code.genders.split(',').map(Number).includes(request.gender)) {
    throw conflict(CODE_NOT_FOR_GENDER);
  }
  if (request.listPriceCents === 0) throw conflict(CODE_NOTHING_TO_PAY);
  const uses = await liveUses(db, code.id, request.clientId);
  if (code.max_uses_per_member !== null && uses.hers >= code.max_uses_per_member) {
    throw conflict(CODE_ALREADY_USED);
  }
  if (code.max_uses !== null && uses.all >= code.max_uses) throw conflict(CODE_USED_UP);
  return {
    codeId: code.id,
    code: code.code,
    listPriceCents: request.listPriceCents,
    discountCents: discountCents(request.listPriceCents, code),
  };
}

/**
 * Checks a typed code for her, counting a refusal against her budget of wrong codes
 * (docs/design/25-organizers.md: 10 an hour, counted from the table, so it holds across instances and restarts). Past the
 * budget every code is refused with a 429 before it is looked at.
 */
export async function checkTypedCode(db: DB, typed: string, request: CodeRequest): Promise<AppliedCode> {
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const wrong = await db
    .selectFrom('promo_code_attempts')
    .select(sql<number>`count(*)`.as('count'))
    .where('client_id', '=', request.clientId)
    .where('created_at', '>', hourAgo)
    .executeTakeFirstOrThrow();
  if (Number(wrong.count) >= PROMO_CODE_GUESSES_PER_HOUR) throw tooManyRequests(CODE_TOO_MANY_GUESSES);
  try {
    return await applicableCode(db, typed, request);
  } catch (error) {
    if (error instanceof AppError && error.statusCode !== 429) {
      await db
        .insertInto('promo_code_attempts')
        .values({ client_id: request.clientId, created_at: new Date().toISOString() })
        .execute();
    }
    throw error;
  }
}

/**
 * Holds a use of the code with her place, inside the transaction that gives or prices the place:
 * the limits are checked again under the code's lock. Answers what she pays.
 */
export async function holdCodeUse(
  trx: Transaction<Database>,
  typed: string,
  request: CodeRequest,
  assistanceId: number,
): Promise<AppliedCode> {
  const applied = await applicableCode(trx, typed, request, true);
  await trx
    .insertInto('promo_code_uses')
    .values({
      code_id: applied.codeId,
      event_id: request.eventId,
      client_id: request.clientId,
      assistance_id: assistanceId,
      list_price_cents: applied.listPriceCents,
      discount_cents: applied.discountCents,
      created_at: new Date().toISOString(),
    })
    .execute();
  return applied;
}

/** The code her place holds now, if any. */
export async function placeCodeUse(
  db: DB,
  assistanceId: number,
): Promise<{ code: string; discount_cents: number } | undefined> {
  return db
    .selectFrom('promo_code_uses')
    .innerJoin('promo_codes', 'promo_codes.id', 'promo_code_uses.code_id')
    .select(['promo_codes.code', 'promo_code_uses.discount_cents'])
    .where('promo_code_uses.assistance_id', '=', assistanceId)
    .where('promo_code_uses.released_at', 'is', null)
    .executeTakeFirst();
}

/** The code each of these places holds now, by place. */
export async function heldCodes(db: DB, assistanceIds: number[]): Promise<Map<number, string>> {
  if (assistanceIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('promo_code_uses')
    .innerJoin('promo_codes', 'promo_codes.id', 'promo_code_uses.code_id')
    .select(['promo_code_uses.assistance_id', 'promo_codes.code'])
    .where('promo_code_uses.assistance_id', 'in', assistanceIds)
    .where('promo_code_uses.released_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.assistance_id as number, row.code]));
}

/** A cancelled or removed place frees the use it held (an expired hold frees it too). */
export async function releaseCodeUses(trx: Transaction<Database>, assistanceIds: number[]): Promise<void> {
  if (assistanceIds.length === 0) return;
  await trx
    .updateTable('promo_code_uses')
    .set({ released_at: new Date().toISOString() })
    .where('assistance_id', 'in', assistanceIds)
    .where('released_at', 'is', null)
    .execute();
}

/** Sign-ups about to be deleted: their uses stay in the figures, without the sign-up. */
export async function detachCodeUses(trx: Transaction<Database>, assistanceIds: number[]): Promise<void> {
  if (assistanceIds.length === 0) return;
  await trx
    .updateTable('promo_code_uses')
    .set({ assistance_id: null })
    .where('assistance_id', 'in', assistanceIds)
    .execute();
}
