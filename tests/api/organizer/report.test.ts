import { describe, expect, it } from 'vitest';
import type { DB } from '../../../src/server/platform/db/database';
import type { PaymentStatus } from '../../../src/server/platform/db/schema';
import { insertClient, insertEvent } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';
import { pastNight, placeAt } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true, env: { QUEUE_CONCURRENCY: '0' } });
const { admin } = testApp;

async function payment(
  db: DB,
  eventId: number,
  clientId: number,
  status: PaymentStatus,
  amountCents: number,
  refundedCents = 0,
) {
  await db
    .insertInto('payments')
    .values({
      assistance_id: null,
      event_id: eventId,
      client_id: clientId,
      amount_cents: amountCents,
      currency: 'mxn',
      status,
      method: 'card',
      attempt: 1,
      session_id: null,
      payment_intent_id: null,
      checkout_url: null,
      instructions: null,
      created_at: new Date().toISOString(),
      paid_at: null,
      failed_at: null,
      refund_requested_at: null,
      refunded_at: null,
      refund_id: null,
      refunded_cents: refundedCents,
    })
    .execute();
}

describe('admin/event/report (docs/design/25-organizers.md)', () => {
  it('gives revenue, refunds, no-shows, first-time and returning, women and men confirmed', async () => {
    const { db } = testApp.app;
    const { eventId, ana, beto, carla, diana } = await pastNight(testApp.app);
    // Ana came to an earlier night: she returns; the others are new.
    const earlier = await insertEvent(testApp.app, { day: '2020-01-10' });
    await placeAt(testApp.app, earlier, ana.id, { status_id: 2, checked_in: true });
    await payment(db, eventId, ana.id, 'paid', 35_000);
    await payment(db, eventId, beto.id, 'manual', 45_000);
    await payment(db, eventId, carla.id, 'refunded', 35_000, 35_000);
    await payment(db, eventId, diana.id, 'pending', 35_000);
    await payment(db, eventId, diana.id, 'failed', 35_000);
    // Two codes took something off this night; a use released with its hold does not count.
    const codeOf = async (code: string) =>
      (await admin.post('admin/codes/add', { code, percent_off: 20 })).body.code.id as number;
    const use = (codeId: number, clientId: number, discountCents: number, released = false) => ({
      code_id: codeId,
      event_id: eventId,
      client_id: clientId,
      assistance_id: null,
      list_price_cents: 35_000,
      discount_cents: discountCents,
      created_at: new Date().toISOString(),
      released_at: released ? new Date().toISOString() : null,
    });
    const firstTime = await codeOf('PRIMERAVEZ2');
    const friends = await codeOf('AMIGAS');
    await db
      .insertInto('promo_code_uses')
      .values([
        use(firstTime, ana.id, 7_000),
        use(firstTime, carla.id, 7_000),
        use(friends, beto.id, 5_000),
        use(friends, diana.id, 5_000, true),
      ])
      .execute();

    const answer = await admin.post('admin/event/report', { event_id: eventId });
    expect(answer.statusCode).toBe(200);
    expect(answer.body.report).toEqual({
      event_id: eventId,
      gross_cents: 115_000,
      refunded_cents: 35_000,
      code_discounts_cents: 19_000,
      code_discounts: [
        { code: 'PRIMERAVEZ2', uses: 2, discount_cents: 14_000 },
        { code: 'AMIGAS', uses: 1, discount_cents: 5_000 },
      ],
      net_cents: 80_000,
      confirmed: 4,
      confirmed_women: 3,
      confirmed_men: 1,
      confirmed_lgbtq: 0,
      checked_in: 3,
      no_show_rate: 0.25,
      first_time: 3,
      returning: 1,
    });

    const csv = await admin.get(`/api/event/report.csv?event_id=${eventId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Dato,Valor',
        'Ingresos brutos (MXN),1150.00',
        'No llegaron (%),25.0',
        'Descuentos por código (MXN),190.00',
        'Descuento con PRIMERAVEZ2 (MXN; 2 usos),140.00',
        'Descuento con AMIGAS (MXN; 1 uso),50.00',
        'Regresan,1',
      ]),
    );
  });

  it('counts LGBTQ+ attendees beside women and men, in the answer and the CSV', async () => {
    const eventId = await insertEvent(testApp.app, { day: '2030-05-01' });
    const woman = await insertClient(testApp.app, { gender: 1 });
    const first = await insertClient(testApp.app, { gender: 3 });
    const second = await insertClient(testApp.app, { gender: 3 });
    for (const member of [woman, first, second])
      await placeAt(testApp.app, eventId, member.id, { status_id: 2 });
    const answer = await admin.post('admin/event/report', { event_id: eventId });
    expect(answer.body.report).toMatchObject({
      confirmed: 3,
      confirmed_women: 1,
      confirmed_men: 0,
      confirmed_lgbtq: 2,
    });
    const csv = await admin.get(`/api/event/report.csv?event_id=${eventId}`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual(expect.arrayContaining(['Mujeres confirmadas,1', 'LGBTQ+ confirmados,2']));
  });

  it('has no no-show rate before the night, and answers 404 and 401 as it should', async () => {
    const eventId = await insertEvent(testApp.app, { day: '2030-05-01' });
    const member = await insertClient(testApp.app, { gender: 2 });
    await placeAt(testApp.app, eventId, member.id, { status_id: 2 });
    const answer = await admin.post('admin/event/report', { event_id: eventId });
    expect(answer.body.report).toMatchObject({ no_show_rate: null, confirmed_men: 1, gross_cents: 0 });
    expect((await admin.post('admin/event/report', { event_id: 999_999 })).statusCode).toBe(404);
    const visitor = await loggedInClient(testApp);
    expect((await visitor.agent.post('admin/event/report', { event_id: eventId })).statusCode).toBe(401);
    const csv = await testApp.app.inject({ method: 'GET', url: `/api/event/report.csv?event_id=${eventId}` });
    expect(csv.statusCode).toBe(401);
  });
});
