import { afterAll, beforeAll } from 'vitest';
import { startTestPac, type TestPac } from '../../src/test-pac/test-pac';
import { loggedInClient } from '../api/events/helpers';
import { insertEvent } from './admin-fixtures';
import { pressCheckoutButton, setUpPaymentsApp } from './payments';
import type { TestAppOptions } from './test-app';

/** The SAT's test taxpayer, as the test PAC's list of taxpayers knows it. */
export const TEST_COMPANY = {
  rfc: 'EKU9003173C9',
  name: 'ESCUELA KEMPER URGATE',
  regime: '601',
  zip: '42501',
  use: 'G03',
  email: 'contabilidad@kemper.mx',
};

/**
 * An app with payments and invoices on: the test payment provider takes the money and the test
 * PAC issues the CFDIs, both on real ports reached through their official clients, as `npm start`.
 */
export function setUpInvoicesApp(
  options: TestAppOptions & { loginAdmin?: boolean; jobTimeoutMs?: number } = {},
) {
  let started: TestPac | undefined;
  const pac = () => {
    if (!started) throw new Error('The test PAC starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startTestPac({
      issuer: { rfc: 'EKU9003173C9', name: 'ESCUELA KEMPER URGATE', regime: '601', zip: '42501' },
    });
  });
  const suite = setUpPaymentsApp({
    ...options,
    env: { QUEUE_RETRY_MS: '50', QUEUE_POLL_MS: '20', ...options.env },
    async beforeBuild(config) {
      config.invoices = {
        ...config.invoices,
        mode: 'facturapi',
        apiKey: pac().apiKey,
        apiBase: pac().url,
        ...(options.jobTimeoutMs && { jobTimeoutMs: options.jobTimeoutMs }),
      };
      await options.beforeBuild?.(config);
    },
  });
  afterAll(async () => {
    await started?.close();
  });

  /** A member who paid a place by card (at `night`, or a new event); answers her, the event and her sign-up's id. */
  async function paidPlace(price = 35000, night?: number) {
    const eventId =
      night ?? (await insertEvent(suite.testApp.app, { price_w_cents: price, price_m_cents: price }));
    const member = await loggedInClient(suite.testApp, { gender: 1 });
    await member.agent.post('client/events/add', { event_id: eventId });
    const checkout = await member.agent.post('client/payments/checkout', { event_id: eventId });
    await pressCheckoutButton(checkout.body.url, 'tarjeta');
    await suite.settle();
    const place = await suite.placeOf(eventId, member.id);
    return { member, eventId, assistanceId: place.id };
  }

  /** Gives back part of a place's payment (all of it without `amountCents`) at the provider, and waits. */
  async function refund(eventId: number, clientId: number, amountCents?: number) {
    const payment = await suite.paymentOf(eventId, clientId);
    await suite.testApp.app.stripe!.refunds.create({
      payment_intent: payment.payment_intent_id!,
      ...(amountCents && { amount: amountCents }),
    });
    await suite.settle();
  }

  /** Every fiscal document about a member's places, in the order they were recorded. */
  function documentsOf(clientId: number) {
    return suite.testApp.app.db
      .selectFrom('invoice_documents')
      .selectAll()
      .where('client_id', '=', clientId)
      .orderBy('id')
      .execute();
  }

  return { ...suite, pac, paidPlace, refund, documentsOf };
}
