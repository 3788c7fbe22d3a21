import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { lastMailTo } from '../../support/outbox';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { waitForJobs, waitForQueueIdle } from '../../support/queue';
import { loggedInClient } from '../events/helpers';

// Sessions are read again 0.6 s after they open, so the reconciliation can be waited for.
const { testApp, provider } = setUpPaymentsApp({
  seedDemo: false,
  env: { PAYMENT_RECONCILE_MINUTES: '0.01' },
});

describe('a lost webhook', () => {
  it('is made up for by the reconciliation job: the place is confirmed all the same', async () => {
    const eventId = await insertEvent(testApp.app);
    const member = await loggedInClient(testApp, { gender: 1 });
    await member.agent.post('client/events/add', { event_id: eventId });
    const { body } = await member.agent.post('client/payments/checkout', { event_id: eventId });
    provider().setWebhookDelivery(false);
    try {
      await pressCheckoutButton(body.url, 'tarjeta');
      const payment = await testApp.app.db
        .selectFrom('payments')
        .select('id')
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
      await waitForJobs(testApp.app.db, (jobs) =>
        jobs.some(
          (job) =>
            job.kind === 'payment-reconcile' &&
            job.key?.startsWith(`payment-reconcile:${payment.id}:`) &&
            job.state === 'done',
        ),
      );
      await waitForQueueIdle(testApp.app.db);
    } finally {
      provider().setWebhookDelivery(true);
    }
    const place = await testApp.app.db
      .selectFrom('assistance')
      .select('status_id')
      .where('event_id', '=', eventId)
      .where('client_id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(place.status_id).toBe(2);
    await lastMailTo(testApp.config.dataDir, member.email, (mail) =>
      mail.subject!.startsWith('Recibo de pago'),
    );
  });
});
