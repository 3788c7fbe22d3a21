import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../support/admin-fixtures';
import { BACKEND_HEADER } from '../support/round-robin-proxy';
import { cluster, loggedInClient, mailsAcrossBackends, openDatabase, waitFor } from './cluster';

const store = openDatabase();
afterAll(async () => {
  await store.db.destroy();
});

async function placeStatus(eventId: number, clientId: number): Promise<number> {
  const row = await store.db
    .selectFrom('assistance')
    .select('status_id')
    .where('event_id', '=', eventId)
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return row.status_id;
}

/** Posts a signed provider event to one backend, as the provider would. */
async function deliver(backend: number, payload: string, signature: string) {
  const response = await fetch(`${cluster().url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature,
      [BACKEND_HEADER]: String(backend),
    },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

describe('paying for a place through two instances', () => {
  it('opens one session for checkouts asked on both, and applies one event delivered to both once', async () => {
    const eventId = await insertEvent(store, { limit_w: 5 });
    const member = await loggedInClient(store, { gender: 1 }, 0);
    expect((await member.agent.post('client/events/add', { event_id: eventId })).statusCode).toBe(200);
    const answers = await Promise.all(
      [0, 1, 0, 1].map((backend) =>
        member.agent.post('client/payments/checkout', { event_id: eventId }, { backend }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const urls = new Set(answers.map((answer) => answer.body.url as string));
    expect(urls.size).toBe(1);
    const payments = await store.db
      .selectFrom('payments')
      .selectAll()
      .where('event_id', '=', eventId)
      .execute();
    expect(payments).toHaveLength(1);

    const [url] = [...urls];
    expect((await fetch(`${url}/tarjeta`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await waitFor(
      'the place confirmed',
      () => placeStatus(eventId, member.id),
      (status) => status === 2,
    );

    // The same event, signed as the provider signs, delivered to both instances at once.
    const { payments: provider } = cluster();
    const stripe = new Stripe(provider.secretKey, {
      host: new URL(provider.url).hostname,
      port: new URL(provider.url).port,
      protocol: 'http',
    });
    const session = await stripe.checkout.sessions.retrieve(payments[0]!.session_id!);
    const payload = JSON.stringify({
      id: `evt_cluster_${eventId}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: provider.webhookSecret });
    const delivered = await Promise.all([deliver(0, payload, signature), deliver(1, payload, signature)]);
    expect(delivered.map((answer) => answer.status)).toEqual([200, 200]);
    expect(delivered.map((answer) => answer.body.message).sort()).toEqual([
      'Aviso aplicado',
      'Aviso ya aplicado',
    ]);

    expect(await placeStatus(eventId, member.id)).toBe(2);
    const receipts = await waitFor(
      'the receipt',
      async () =>
        (await mailsAcrossBackends(member.email)).filter((mail) =>
          mail.subject?.startsWith('Recibo de pago'),
        ),
      (mails) => mails.length > 0,
    );
    expect(receipts).toHaveLength(1);
  });
});
