import type { Transaction } from 'kysely';
import { dayInMexicoCity } from '../../../shared/domain/mexico-time';
import { priceForGender } from '../../../shared/domain/money';
import { type PriceNow, type PriceStep, priceNow } from '../../../shared/domain/price-steps';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import type { PaymentsConfig } from '../../platform/config';
import type { DB } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

const WOMAN = 1;
const MAN = 2;

interface PricedEvent {
  id: number;
  price_w_cents: number;
  price_m_cents: number;
}

/** The event's steps for one gender, in order. */
export async function stepsFor(db: DB, eventId: number, gender: number): Promise<PriceStep[]> {
  return db
    .selectFrom('event_price_steps')
    .select(['position', 'price_cents', 'until_day', 'places'])
    .where('event_id', '=', eventId)
    .where('gender', '=', gender)
    .orderBy('position')
    .execute();
}

/** Places of a gender holding each step's price (held or confirmed), by step position. */
async function soldByStep(db: DB, eventId: number, gender: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select(['assistance.price_step', (eb) => eb.fn.countAll<number>().as('sold')])
    .where('assistance.event_id', '=', eventId)
    .where('clients.gender', '=', gender)
    .where('assistance.price_step', 'is not', null)
    .where('assistance.status_id', 'in', [ASSISTANCE_STATUS.registered, ASSISTANCE_STATUS.confirmed])
    .groupBy('assistance.price_step')
    .execute();
  return new Map(rows.map((row) => [row.price_step as number, Number(row.sold)]));
}

/** The price a woman (1) or a man (2) would get now. */
export async function genderPriceNow(
  db: DB,
  event: PricedEvent,
  gender: typeof WOMAN | typeof MAN,
): Promise<PriceNow> {
  const list = gender === WOMAN ? event.price_w_cents : event.price_m_cents;
  const steps = await stepsFor(db, event.id, gender);
  if (steps.length === 0) return { price_cents: list, step: null, places_left: null, after_cents: list };
  return priceNow(list, steps, await soldByStep(db, event.id, gender), dayInMexicoCity());
}

/**
 * Her price now and the step it counts against. LGBTQ+ members pay the lower of the two current
 * prices (decision 0029) and count against no step: steps sell places of one gender.
 */
export async function memberPriceNow(
  db: DB,
  event: PricedEvent,
  gender: number,
): Promise<{ priceCents: number; step: number | null }> {
  if (gender === WOMAN || gender === MAN) {
    const now = await genderPriceNow(db, event, gender);
    return { priceCents: now.price_cents, step: now.step?.position ?? null };
  }
  const [women, men] = await Promise.all([genderPriceNow(db, event, WOMAN), genderPriceNow(db, event, MAN)]);
  return {
    priceCents: priceForGender({ price_w_cents: women.price_cents, price_m_cents: men.price_cents }, gender),
    step: null,
  };
}

/**
 * Fixes what a place costs when its hold starts (docs/design/25-organizers.md), under the event's lock the
 * caller holds: so concurrent sign-ups at a step's edge see each other's places. Answers the
 * price; 0 and nothing written when payments are off.
 */
export async function fixPlacePrice(
  trx: Transaction<Database>,
  rules: { payments: Pick<PaymentsConfig, 'mode'> },
  assistanceId: number,
  event: PricedEvent,
  gender: number,
): Promise<number> {
  if (rules.payments.mode === 'off') return 0;
  const { priceCents, step } = await memberPriceNow(trx, event, gender);
  await trx
    .updateTable('assistance')
    .set({ amount_cents: priceCents, price_step: step })
    .where('id', '=', assistanceId)
    .execute();
  return priceCents;
}
