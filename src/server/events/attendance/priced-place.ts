import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import type { Database } from '../../platform/db/schema';
import { type AppliedCode, holdCodeUse } from '../codes/promo-code-rules';
import { issueTicket } from './tickets';
import type { LockedEvent } from './waiting-list';

type Trx = Transaction<Database>;

/**
 * The one owner of a priced place (docs/decisions/0051): a held place is priced here, whether
 * the code came with the sign-up or at checkout, and confirmed here, whether it was paid, owed
 * nothing after its code, or was confirmed by hand.
 */

/**
 * Confirms a place and issues its ticket (and its mail), under the event's lock the caller
 * holds: the hold ends, and a place that came back after its hold ended forgets why it ended.
 */
export async function confirmPlace(
  app: FastifyInstance,
  trx: Trx,
  assistanceId: number,
  event: LockedEvent,
): Promise<void> {
  await trx
    .updateTable('assistance')
    .set({ status_id: ASSISTANCE_STATUS.confirmed, payment_due_at: null, cancel_reason: null })
    .where('id', '=', assistanceId)
    .execute();
  await issueTicket(app, trx, assistanceId, event);
}

/** What a held place costs now, the code it holds, and whether that made it hers at once. */
export interface PricedPlace {
  amountCents: number;
  code: AppliedCode | null;
  confirmed: boolean;
}

/**
 * Prices a held place (status 1) under the event's lock: `listPriceCents` is her price before any
 * code (fixed when her hold started); a typed code holds its use with the place, checked again
 * under the code's lock, and comes off that price. A code that leaves nothing to pay confirms
 * the place without the provider (its ticket mail says so).
 */
export async function priceHeldPlace(
  app: FastifyInstance,
  trx: Trx,
  event: LockedEvent,
  place: { id: number; clientId: number; gender: number },
  listPriceCents: number,
  code: string | undefined,
): Promise<PricedPlace> {
  if (!code) return { amountCents: listPriceCents, code: null, confirmed: false };
  const request = { clientId: place.clientId, gender: place.gender, eventId: event.id, listPriceCents };
  const applied = await holdCodeUse(trx, code, request, place.id);
  const amountCents = listPriceCents - applied.discountCents;
  await trx.updateTable('assistance').set({ amount_cents: amountCents }).where('id', '=', place.id).execute();
  if (amountCents > 0) return { amountCents, code: applied, confirmed: false };
  await confirmPlace(app, trx, place.id, event);
  return { amountCents, code: applied, confirmed: true };
}
