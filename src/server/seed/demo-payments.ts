import type { FastifyInstance } from 'fastify';
import { ASSISTANCE_STATUS } from '../../shared/domain/statuses';
import { startCheckout } from '../payments/start-checkout';
import { DEMO_EVENTS } from './demo-content';

/** Presses a button of the test provider's checkout page, as the member's browser would. */
async function press(checkoutUrl: string, action: 'tarjeta' | 'oxxo'): Promise<void> {
  const answer = await fetch(`${checkoutUrl}/${action}`, { method: 'POST', redirect: 'manual' });
  if (answer.status !== 303) throw new Error(`the test provider answered ${answer.status} to ${action}`);
}

/**
 * The demo's paid night (docs/design/15-payments.md), made through the real flow once the server listens: on
 * «Speed Dating en la Roma» the first person holding an unpaid place pays by card (confirmed,
 * ticket and receipt by mail) and the second generates an OXXO voucher that stays pending; the
 * event already has people waiting for a place.
 */
export async function loadDemoPayments(app: FastifyInstance): Promise<void> {
  const event = await app.db
    .selectFrom('events')
    .select('id')
    .where('name', '=', DEMO_EVENTS[0]!.name)
    .executeTakeFirst();
  if (!event) return;
  const unpaid = await app.db
    .selectFrom('assistance')
    .select('client_id')
    .where('event_id', '=', event.id)
    .where('status_id', '=', ASSISTANCE_STATUS.registered)
    .orderBy('id')
    .limit(2)
    .execute();
  const actions = ['tarjeta', 'oxxo'] as const;
  for (const [index, place] of unpaid.entries()) {
    await press(await startCheckout(app, place.client_id, event.id), actions[index]!);
  }
}
