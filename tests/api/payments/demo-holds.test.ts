import { describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../../src/server/seed/seed';
import { hasStarted } from '../../../src/shared/domain/mexico-time';
import { priceForGender } from '../../../src/shared/domain/money';
import { ASSISTANCE_STATUS } from '../../../src/shared/domain/statuses';
import { setUpPaymentsApp } from '../../support/payments';

// The demo loaded with payments on, as `npm start` does with the built-in test provider.
const { testApp } = setUpPaymentsApp({ seedDemo: true, loginAdmin: true });

describe('the demo content with payments on', () => {
  it('gives every unpaid place on a coming paid night a pay deadline and its hold-end job, like a real hold', async () => {
    const places = await testApp.app.db
      .selectFrom('assistance')
      .innerJoin('events', 'events.id', 'assistance.event_id')
      .innerJoin('clients', 'clients.id', 'assistance.client_id')
      .select([
        'assistance.id',
        'assistance.payment_due_at',
        'clients.gender',
        'events.day',
        'events.hour',
        'events.price_w_cents',
        'events.price_m_cents',
      ])
      .where('assistance.status_id', '=', ASSISTANCE_STATUS.registered)
      .execute();
    const held = places.filter((place) => priceForGender(place, place.gender) > 0 && !hasStarted(place));
    expect(held.length).toBeGreaterThan(0);
    expect(held.filter((place) => place.payment_due_at === null)).toEqual([]);
    const jobs = await testApp.app.db
      .selectFrom('jobs')
      .select('key')
      .where('kind', '=', 'payment-hold-end')
      .execute();
    const planned = new Set(jobs.map((job) => job.key));
    for (const place of held) {
      expect(planned.has(`payment-hold-end:assistance:${place.id}:${place.payment_due_at}`)).toBe(true);
    }
  });

  it('shows a promo code a demo member can type on a coming paid night', async () => {
    const answer = await testApp.admin.post('admin/codes/get', {});
    expect(answer.body.codes).toEqual([
      expect.objectContaining({ code: 'PRIMERAVEZ', percent_off: 20, max_uses_per_member: 1 }),
    ]);
    const member = testApp.agent();
    await member.loginClient(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const events = await testApp.app.db
      .selectFrom('events')
      .select(['id', 'day', 'hour', 'price_w_cents', 'price_m_cents'])
      .where('status_id', '=', 1)
      .execute();
    const paid = events.find((event) => event.price_w_cents > 0 && !hasStarted(event));
    const check = await member.post('client/code/check', { event_id: paid!.id, code: 'primeravez' });
    expect(check.statusCode).toBe(200);
    expect(check.body.discount_cents).toBeGreaterThan(0);
  });

  it('shows an early-bird night: its price now is below the event’s own, with places left at it', async () => {
    const steps = await testApp.app.db.selectFrom('event_price_steps').select('event_id').execute();
    expect(steps.length).toBeGreaterThan(0);
    const { body } = await testApp.agent().post('event/details', { event_id: steps[0]!.event_id });
    expect(body.event.price_now.w).toBeLessThan(body.event.price_w * 100);
    expect(body.event.price_until.w).toEqual({
      day: null,
      places_left: expect.any(Number),
      after: body.event.price_w * 100,
    });
    expect(body.event.price_until.w.places_left).toBeLessThanOrEqual(body.event.available_w);
  });
});
