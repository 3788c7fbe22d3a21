import { describe, expect, it } from 'vitest';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { setUpPaymentsApp } from '../../support/payments';
import { loggedInClient } from './helpers';

const { testApp, placeOf } = setUpPaymentsApp({ seedDemo: false, loginAdmin: true });

function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** An event priced $450 for women and $500 for men, with the given early-bird steps. */
async function eventWithSteps(steps: unknown[], limits = { limit_w: 30, limit_m: 30 }): Promise<number> {
  const answer = await testApp.admin.post('event/add', {
    event: {
      name: 'Noche con preventa',
      day: daysFromToday(20),
      hour: '21:00',
      price_w: 450,
      price_m: 500,
      ...limits,
      status_id: 1,
      price_steps: steps,
    },
  });
  expect(answer.statusCode, JSON.stringify(answer.body)).toBe(200);
  return answer.body.event_id;
}

async function publicPrices(eventId: number) {
  const { body } = await testApp.agent().post('event/details', { event_id: eventId });
  return { now: body.event.price_now, until: body.event.price_until };
}

describe('early-bird prices by gender', () => {
  it('refuses a step that never ends, and the admin reads the steps back', async () => {
    const endless = await testApp.admin.post('event/add', {
      event: { name: 'Sin fin', price_steps: [{ gender: 1, price: 300 }] },
    });
    expect(endless.statusCode).toBe(400);
    expect(endless.body.message).toContain('termina en una fecha, después de unos lugares, o ambos');
    const eventId = await eventWithSteps([
      { gender: 1, price: 350, until: daysFromToday(5), places: 10 },
      { gender: 2, price: 400, places: 5 },
    ]);
    const { body } = await testApp.admin.post('event/details', {
      admin_id: testApp.adminId,
      event_id: eventId,
    });
    expect(body.event.price_steps).toEqual([
      { gender: 1, price: 350, until: daysFromToday(5), places: 10 },
      { gender: 2, price: 400, until: null, places: 5 },
    ]);
  });

  it('fixes the price when her hold starts and moves on after the step’s places, per gender', async () => {
    const eventId = await eventWithSteps([{ gender: 1, price: 350, until: daysFromToday(5), places: 1 }]);
    expect(await publicPrices(eventId)).toEqual({
      now: { w: 35000, m: 50000 },
      until: { w: { day: daysFromToday(5), places_left: 1, after: 45000 }, m: null },
    });
    const [first, second] = [
      await loggedInClient(testApp, { gender: 1 }),
      await loggedInClient(testApp, { gender: 1 }),
    ];
    const signUp = await first.agent.post('client/events/add', { event_id: eventId });
    expect(signUp.body).toMatchObject({ status_id: 1, amount_cents: 35000 });
    expect(await publicPrices(eventId)).toMatchObject({ now: { w: 45000, m: 50000 }, until: { w: null } });
    const later = await second.agent.post('client/events/add', { event_id: eventId });
    expect(later.body).toMatchObject({ amount_cents: 45000 });
    // Her price was fixed when her hold started: a later change of the event's prices leaves it.
    await testApp.admin.post('event/update', {
      event: { id: eventId, name: 'Noche con preventa', price_w: 600 },
    });
    const payments = await first.agent.post('client/payments/get');
    expect(payments.body.payments[0]).toMatchObject({ state: 'due', amount_cents: 35000 });
    expect((await placeOf(eventId, first.id)).price_step).toBe(0);
  });

  it('a step whose day passed no longer applies', async () => {
    const eventId = await eventWithSteps([
      { gender: 2, price: 300, until: '2020-01-31' },
      { gender: 2, price: 400, until: dayInMexicoCity() },
    ]);
    expect(await publicPrices(eventId)).toMatchObject({
      now: { m: 40000 },
      until: { m: { day: dayInMexicoCity(), places_left: null, after: 50000 } },
    });
  });

  it('concurrent sign-ups at a step’s edge never sell more places at the lower price than the step has', async () => {
    const eventId = await eventWithSteps([{ gender: 1, price: 350, places: 3 }]);
    const women = await Promise.all(Array.from({ length: 8 }, () => loggedInClient(testApp, { gender: 1 })));
    const answers = await Promise.all(
      women.map((woman) => woman.agent.post('client/events/add', { event_id: eventId })),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const amounts = answers.map((answer) => answer.body.amount_cents).sort();
    expect(amounts).toEqual([35000, 35000, 35000, 45000, 45000, 45000, 45000, 45000]);
    const atStep = await testApp.app.db
      .selectFrom('assistance')
      .select('id')
      .where('event_id', '=', eventId)
      .where('price_step', '=', 0)
      .execute();
    expect(atStep).toHaveLength(3);
  });

  it('refuses a step without a price in Spanish, on add and on update: an empty price is never $0', async () => {
    for (const price of [null, undefined]) {
      const answer = await testApp.admin.post('event/add', {
        event: {
          name: 'Sin precio',
          price_w: 450,
          limit_w: 6,
          price_steps: [{ gender: 1, price, places: 5 }],
        },
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.body.message).toBe(
        'Revisa el campo «precio de preventa»: Escribe el precio de cada preventa (0 si es gratis)',
      );
    }
    const eventId = await eventWithSteps([]);
    const update = await testApp.admin.post('event/update', {
      event: {
        id: eventId,
        name: 'Noche con preventa',
        price_steps: [{ gender: 1, price: null, places: 5 }],
      },
    });
    expect(update.statusCode).toBe(400);
    expect(update.body.message).toContain('Escribe el precio de cada preventa (0 si es gratis)');
    expect(await publicPrices(eventId)).toEqual({ now: { w: 45000, m: 50000 }, until: { w: null, m: null } });
  });

  it('a step typed as 0 is free, and is the only free step', async () => {
    const eventId = await eventWithSteps([{ gender: 1, price: 0, places: 2 }]);
    expect(await publicPrices(eventId)).toEqual({
      now: { w: 0, m: 50000 },
      until: { w: { day: null, places_left: 2, after: 45000 }, m: null },
    });
  });

  it('refuses a step priced above the event’s own price, against the stored price on update', async () => {
    const above = await testApp.admin.post('event/add', {
      event: {
        name: 'Cara',
        price_w: 450,
        limit_w: 30,
        price_steps: [{ gender: 1, price: 450.01, places: 5 }],
      },
    });
    expect(above.statusCode).toBe(400);
    expect(above.body.message).toBe(
      'La preventa 1 ($450.01 MXN) cuesta más que el precio del evento para mujeres ($450.00 MXN)',
    );
    const eventId = await eventWithSteps([]);
    const update = await testApp.admin.post('event/update', {
      event: {
        id: eventId,
        name: 'Noche con preventa',
        price_steps: [
          { gender: 1, price: 450, places: 5 },
          { gender: 2, price: 600, places: 5 },
        ],
      },
    });
    expect(update.statusCode).toBe(400);
    expect(update.body.message).toBe(
      'La preventa 2 ($600.00 MXN) cuesta más que el precio del evento para hombres ($500.00 MXN)',
    );
  });

  it('refuses more early-bird places than the event has for that gender, counting every step', async () => {
    const eventId = await eventWithSteps([], { limit_w: 6, limit_m: 30 });
    const update = await testApp.admin.post('event/update', {
      event: {
        id: eventId,
        name: 'Noche con preventa',
        price_steps: [
          { gender: 1, price: 300, places: 4 },
          { gender: 1, price: 350, places: 5 },
        ],
      },
    });
    expect(update.statusCode).toBe(400);
    expect(update.body.message).toBe(
      'Las preventas para mujeres suman 9 lugares y el evento tiene 6 para mujeres',
    );
    const raised = await testApp.admin.post('event/update', {
      event: {
        id: eventId,
        name: 'Noche con preventa',
        limit_w: 9,
        price_steps: [
          { gender: 1, price: 300, places: 4 },
          { gender: 1, price: 350, places: 5 },
        ],
      },
    });
    expect(raised.statusCode, JSON.stringify(raised.body)).toBe(200);
  });

  it('says the next step’s price after the current one, and never more places at a price than are left', async () => {
    const eventId = await eventWithSteps(
      [
        { gender: 1, price: 300, places: 2 },
        { gender: 1, price: 350, places: 3 },
      ],
      { limit_w: 6, limit_m: 30 },
    );
    expect((await publicPrices(eventId)).until.w).toEqual({ day: null, places_left: 2, after: 35000 });
    // Places held before the steps were saved count against the event, not the steps.
    const eventId2 = await eventWithSteps([], { limit_w: 6, limit_m: 30 });
    for (let count = 0; count < 4; count++) {
      const woman = await loggedInClient(testApp, { gender: 1 });
      await woman.agent.post('client/events/add', { event_id: eventId2 });
    }
    await testApp.admin.post('event/update', {
      event: {
        id: eventId2,
        name: 'Noche con preventa',
        price_steps: [{ gender: 1, price: 300, places: 5 }],
      },
    });
    expect((await publicPrices(eventId2)).until.w).toEqual({ day: null, places_left: 2, after: 45000 });
  });
});
