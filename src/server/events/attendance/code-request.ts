import type { FastifyInstance } from 'fastify';
import { ASSISTANCE_STATUS } from '../../../shared/domain/statuses';
import { notFound } from '../../platform/errors';
import type { CodeRequest } from '../codes/promo-code-rules';
import { amountDue } from './payment-holds';
import { memberPriceNow } from './place-price';

/**
 * What a code is checked against for her: her gender, and her price before any code — the
 * place's own price when she already holds one, else what a sign-up would fix now.
 */
export async function memberCodeRequest(
  app: FastifyInstance,
  clientId: number,
  eventId: number,
): Promise<CodeRequest> {
  const event = await app.db
    .selectFrom('events')
    .select(['id', 'day', 'hour', 'price_w_cents', 'price_m_cents'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event) throw notFound('El evento no existe o ya no está disponible');
  const { gender } = await app.db
    .selectFrom('clients')
    .select('gender')
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const place = await app.db
    .selectFrom('assistance')
    .select(['amount_cents', 'status_id'])
    .where('client_id', '=', clientId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  const held = place?.status_id === ASSISTANCE_STATUS.registered ? place.amount_cents : null;
  // A held place has its price; otherwise what a sign-up would fix now (early-bird step included).
  const fixed = held ?? (await memberPriceNow(app.db, event, gender)).priceCents;
  return { clientId, gender, eventId, listPriceCents: amountDue(app.config, event, gender, fixed) };
}
