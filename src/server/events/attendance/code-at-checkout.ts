import type { FastifyInstance } from 'fastify';
import { normalizePromoCode } from '../../../shared/domain/promo-codes';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import { conflict, notFound } from '../../platform/errors';
import { checkTypedCode, placeCodeUse } from '../codes/promo-code-rules';
import { amountDue } from './payment-holds';
import { priceHeldPlace } from './priced-place';
import { lockEvent } from './waiting-list';

export const PLACE_HAS_CODE = 'Tu lugar ya tiene un código aplicado';
export const NO_HELD_PLACE = 'Solo puedes aplicar un código a un lugar apartado que aún no pagas';

/** What she pays now; `changed`: false when the place already held this code. */
export interface AppliedToPlace {
  amountCents: number;
  confirmed: boolean;
  changed: boolean;
}

function alreadyApplied(place: { status_id: number; amount_cents: number | null }): AppliedToPlace {
  const confirmed = place.status_id === ASSISTANCE_STATUS.confirmed;
  return { amountCents: confirmed ? 0 : (place.amount_cents ?? 0), confirmed, changed: false };
}

/**
 * A code typed when she pays for a place she already holds (docs/decisions/0051): the place was
 * priced when its hold started; the code comes off that price, as at sign-up (`priceHeldPlace`).
 * The code her place already holds, typed again, is the same request. Answers what she pays now.
 */
export async function applyCodeToHeldPlace(
  app: FastifyInstance,
  clientId: number,
  eventId: number,
  typed: string,
): Promise<AppliedToPlace> {
  const place = await app.db
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .innerJoin('events', 'events.id', 'assistance.event_id')
    .select([
      'assistance.id',
      'assistance.status_id',
      'assistance.amount_cents',
      'clients.gender',
      'events.id as event_id',
      'events.day',
      'events.hour',
      'events.price_w_cents',
      'events.price_m_cents',
    ])
    .where('assistance.client_id', '=', clientId)
    .where('assistance.event_id', '=', eventId)
    .executeTakeFirst();
  if (!place) throw conflict(NO_HELD_PLACE);
  // The code her place already holds, typed again (the sign-up applied it): the same request.
  const held = await placeCodeUse(app.db, place.id);
  if (held && held.code === normalizePromoCode(typed) && place.status_id !== ASSISTANCE_STATUS.cancelled) {
    return alreadyApplied(place);
  }
  if (place.status_id !== ASSISTANCE_STATUS.registered) throw conflict(NO_HELD_PLACE);
  const request = {
    clientId,
    gender: place.gender,
    eventId,
    listPriceCents: amountDue(app.config, { ...place, id: eventId }, place.gender, place.amount_cents),
  };
  if (held) throw conflict(PLACE_HAS_CODE);
  await checkTypedCode(app.db, typed, request);
  return app.db.transaction().execute(async (trx) => {
    const event = await lockEvent(trx, eventId);
    if (!event) throw notFound('El evento no existe');
    const now = await trx
      .selectFrom('assistance')
      .select(['status_id', 'amount_cents'])
      .where('id', '=', place.id)
      .executeTakeFirstOrThrow();
    const heldNow = await placeCodeUse(trx, place.id);
    // A double click: the other request applied this very code meanwhile.
    if (heldNow?.code === normalizePromoCode(typed) && now.status_id !== ASSISTANCE_STATUS.cancelled) {
      return alreadyApplied({ ...place, ...now });
    }
    if (now.status_id !== ASSISTANCE_STATUS.registered) throw conflict(NO_HELD_PLACE);
    if (heldNow) throw conflict(PLACE_HAS_CODE);
    const priced = await priceHeldPlace(
      app,
      trx,
      event,
      { id: place.id, clientId, gender: place.gender },
      // Her price under the lock: the one the code comes off.
      amountDue(app.config, { ...place, id: eventId }, place.gender, now.amount_cents),
      typed,
    );
    return { amountCents: priced.amountCents, confirmed: priced.confirmed, changed: true };
  });
}
