import type { FastifyInstance } from 'fastify';
import { messageAnswer } from '../../shared/contracts/common';
import {
  adminPaymentsGetAnswer,
  adminPaymentsGetBody,
  adminPaymentsRefundBody,
  clientPaymentsCheckoutAnswer,
  clientPaymentsCheckoutBody,
  clientPaymentsGetAnswer,
  clientPaymentsGetBody,
} from '../../shared/contracts/payments';
import type { PlaceHooks } from '../events/attendance/places-for-payments';
import { requireAdmin, requireClient } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { listPayments, refundByAdmin } from './admin-payments';
import { listMemberPayments } from './member-payments';
import type { PaymentHooks } from './payment-hooks';
import { registerPaymentJobs } from './payment-jobs';
import { listenToPlaces } from './place-listener';
import { siteId } from './provider-keys';
import { startCheckout } from './start-checkout';
import { registerWebhookRoute } from './webhook-routes';

/**
 * Paying for a place (docs/design/15-payments.md): the member's checkout, the provider's webhook, the back
 * office. Places are the events domain's: payments listens to its hooks (docs/design/22-places-and-money.md).
 */
export async function registerPaymentsRoutes(
  app: FastifyInstance,
  { placeHooks, paymentHooks }: { placeHooks: PlaceHooks; paymentHooks: PaymentHooks },
): Promise<void> {
  listenToPlaces(app, placeHooks, paymentHooks);
  if (app.stripe) {
    registerPaymentJobs(app, app.stripe, paymentHooks);
    // The site id of the provider's idempotency keys exists from the first start on.
    app.addHook('onReady', async () => {
      await siteId(app.db, app.config.payments.siteId);
    });
  }
  await app.register(registerWebhookRoute, { paymentHooks });

  await app.register(async (scope) => {
    const member = zodApp(scope, requireClient);
    member.post(
      '/client/payments/checkout',
      callOptions(clientPaymentsCheckoutBody, clientPaymentsCheckoutAnswer),
      async (request) => {
        const url = await startCheckout(app, request.clientId, request.body.event_id, request.body.code);
        return ok('Te llevamos a la página de pago', { url });
      },
    );
    member.post(
      '/client/payments/get',
      callOptions(clientPaymentsGetBody, clientPaymentsGetAnswer),
      async (request) => {
        return ok('Tus pagos', { payments: await listMemberPayments(app, request.clientId) });
      },
    );
  });

  await app.register(async (scope) => {
    const admin = zodApp(scope, requireAdmin);
    admin.post(
      '/admin/payments/get',
      callOptions(adminPaymentsGetBody, adminPaymentsGetAnswer),
      async (request) => {
        const { event_id: eventId, status, page = 1 } = request.body;
        return ok('Pagos', await listPayments(app, { eventId, status, page }));
      },
    );
    admin.post(
      '/admin/payments/refund',
      callOptions(adminPaymentsRefundBody, messageAnswer),
      async (request) => {
        await refundByAdmin(app, request.adminId, request.body.payment_id);
        return ok('Reembolso solicitado: el dinero vuelve a la tarjeta o cuenta de la persona');
      },
    );
  });
}
