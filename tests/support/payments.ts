import type { Selectable } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { AssistanceTable, PaymentTable } from '../../src/server/platform/db/schema';
import { startTestProvider, type TestProvider } from '../../src/test-payment-provider/test-provider';
import { waitForQueueIdle } from './queue';
import { type SuiteApp, setUpTestApp, type TestAppOptions } from './test-app';

export interface PaymentsSuite {
  testApp: SuiteApp;
  /** The built-in test provider this file's app pays through (started before the app). */
  provider(): TestProvider;
  /** Until every webhook is delivered and every due job has run, including the webhooks those jobs cause. */
  settle(): Promise<void>;
  /** The member's sign-up to an event. */
  placeOf(eventId: number, clientId: number): Promise<Selectable<AssistanceTable>>;
  /** The member's latest payment attempt for an event. */
  paymentOf(eventId: number, clientId: number): Promise<Selectable<PaymentTable>>;
}

/**
 * An app with payments on, talking through the official client to the built-in test provider on
 * a real port, as `npm start` does; the app listens too, so the provider's webhooks reach it.
 */
export function setUpPaymentsApp(options: TestAppOptions & { loginAdmin?: boolean } = {}): PaymentsSuite {
  let started: TestProvider | undefined;
  const provider = () => {
    if (!started) throw new Error('The provider starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startTestProvider({ webhookUrl: 'http://127.0.0.1:9/sin-destino' });
  });
  const testApp = setUpTestApp({
    ...options,
    async beforeBuild(config) {
      const payments = provider();
      config.payments = {
        ...config.payments,
        mode: 'stripe',
        secretKey: payments.secretKey,
        webhookSecret: payments.webhookSecret,
        apiBase: payments.url,
        ...(options.env?.STRIPE_API_BASE && { apiBase: options.env.STRIPE_API_BASE }),
      };
      await options.beforeBuild?.(config);
    },
  });
  beforeAll(async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('the app is not listening');
    provider().setWebhookUrl(`http://127.0.0.1:${address.port}/api/payments/webhook`);
  });
  afterAll(async () => {
    await started?.close();
  });
  async function settle(): Promise<void> {
    // A job can make the provider send another webhook (a refund's echo): until a round adds none.
    for (;;) {
      const sent = provider().deliveries.length;
      await provider().webhooksSettled();
      await waitForQueueIdle(testApp.app.db);
      if (provider().deliveries.length === sent) return;
    }
  }
  const placeOf = (eventId: number, clientId: number) =>
    testApp.app.db
      .selectFrom('assistance')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
  const paymentOf = (eventId: number, clientId: number) =>
    testApp.app.db
      .selectFrom('payments')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('client_id', '=', clientId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  return { testApp, provider, settle, placeOf, paymentOf };
}

/** Presses one button of the provider's test checkout page, as the member's browser would. */
export async function pressCheckoutButton(checkoutUrl: string, action: string): Promise<Response> {
  return fetch(`${checkoutUrl}/${action}`, { method: 'POST', redirect: 'manual' });
}
