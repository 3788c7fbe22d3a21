import { describe, expect, it } from 'vitest';
import { eraseClient } from '../../../src/server/accounts/account';
import { MemberStatusHooks } from '../../../src/server/accounts/member-status-hooks';
import { pushPaymentDue } from '../../../src/server/events/attendance/payment-due-push';
import {
  type HoldEndPayload,
  PAYMENT_DUE_PUSH_JOB,
} from '../../../src/server/events/attendance/payment-holds';
import { extendHold } from '../../../src/server/events/attendance/places-for-payments';
import { formatTime } from '../../../src/shared/domain/mexico-dates';
import { mexicoDayAndHour } from '../../../src/shared/domain/mexico-time';
import { FIXTURE_PASSWORD, insertEvent } from '../../support/admin-fixtures';
import { setUpPaymentsApp } from '../../support/payments';
import { pendingJobs, queuedPushes } from '../../support/push-jobs';
import { loggedInClient } from '../events/helpers';

const HOUR_MS = 3_600_000;

// Holds of three hours, so a sign-up's hold is long enough for "pago por vencer". The queue does
// not run: each test runs the jobs it means to, and reads the push notifications they queued.
const { testApp, placeOf } = setUpPaymentsApp({
  seedDemo: false,
  loginAdmin: true,
  env: { PAYMENT_HOLD_MINUTES: '180', QUEUE_CONCURRENCY: '0' },
});

const dueJobsOf = async (assistanceId: number) =>
  (await pendingJobs<HoldEndPayload>(testApp.app.db, PAYMENT_DUE_PUSH_JOB)).filter(
    (job) => job.payload.assistance_id === assistanceId,
  );

const pushesOf = async (clientId: number, kind: string) =>
  (await queuedPushes(testApp.app.db, clientId)).filter((push) => push.kind === kind);

async function heldPlace(event: Parameters<typeof insertEvent>[1] = {}) {
  const eventId = await insertEvent(testApp.app, { name: 'Cena a ciegas', ...event });
  const member = await loggedInClient(testApp, { gender: 1, first_name: 'Lucía' });
  const signUp = await member.agent.post('client/events/add', { event_id: eventId });
  expect(signUp.body).toMatchObject({ status_id: 1 });
  return { eventId, member, place: await placeOf(eventId, member.id) };
}

describe('pago por vencer (docs/design/21-pocket.md)', () => {
  it('is planned two hours before the hold ends and tells her, with an e-mail for a member with no device', async () => {
    const { eventId, member, place } = await heldPlace();
    const [job, ...more] = await dueJobsOf(place.id);
    expect(more).toEqual([]);
    expect(job!.payload).toEqual({ assistance_id: place.id, due_at: place.payment_due_at });
    expect(Date.parse(job!.run_at)).toBe(Date.parse(place.payment_due_at!) - 2 * HOUR_MS);

    expect(await pushPaymentDue(testApp.app, job!.payload)).toBe(true);
    const ends = mexicoDayAndHour(new Date(place.payment_due_at!)).hour;
    const [push, ...others] = await pushesOf(member.id, 'payment_due');
    expect(others).toEqual([]);
    expect(push).toMatchObject({
      clientId: member.id,
      url: `/evento/${eventId}`,
      fallbackMail: { to: member.email },
    });
    expect(push!.title).toMatch(/^Tu lugar en «Cena a ciegas» se libera (a las|a la|el) .+ si no pagas$/);
    expect(push!.title).toContain(formatTime(ends));
    expect(push!.fallbackMail!.subject).toContain('Cena a ciegas');
    expect(push!.fallbackMail!.text).toContain('Hola Lucía:');
    expect(push!.fallbackMail!.text).toContain('Paga $100.00 MXN antes del');
    expect(push!.fallbackMail!.text).toContain(`/evento/${eventId}`);

    // A second run (a retry, another instance) tells her nothing more.
    expect(await pushPaymentDue(testApp.app, job!.payload)).toBe(false);
    expect(await pushesOf(member.id, 'payment_due')).toHaveLength(1);
  });

  it('erasure leaves no notice waiting with her address', async () => {
    const { member, place } = await heldPlace();
    const [job] = await dueJobsOf(place.id);
    expect(await pushPaymentDue(testApp.app, job!.payload)).toBe(true);
    const { app } = testApp;
    await eraseClient(
      app.db,
      app.personalData,
      app.config,
      app.config.emailHashKey,
      member.id,
      FIXTURE_PASSWORD,
      new MemberStatusHooks(),
    );
    const naming = await app.db
      .selectFrom('jobs')
      .select('kind')
      .where('payload', 'like', `%${member.email}%`)
      .execute();
    expect(naming).toEqual([]);
  });

  it('tells nobody once the place is paid', async () => {
    const { member, place } = await heldPlace();
    const [job] = await dueJobsOf(place.id);
    const confirm = await testApp.admin.post('event/update', {
      assistance: { id: place.id, status_id: 2, payment: { method: 'cash' } },
    });
    expect(confirm.statusCode).toBe(200);
    expect(await pushPaymentDue(testApp.app, job!.payload)).toBe(false);
    expect(await pushesOf(member.id, 'payment_due')).toEqual([]);
  });

  it('tells nobody once she cancelled', async () => {
    const { eventId, member, place } = await heldPlace();
    const [job] = await dueJobsOf(place.id);
    expect((await member.agent.post('client/events/cancel', { event_id: eventId })).statusCode).toBe(200);
    expect(await pushPaymentDue(testApp.app, job!.payload)).toBe(false);
    expect(await pushesOf(member.id, 'payment_due')).toEqual([]);
  });

  it('a hold moved later (a voucher) plans a new notice and the old one stays silent', async () => {
    const { member, place } = await heldPlace();
    const [old] = await dueJobsOf(place.id);
    const later = new Date(Date.parse(place.payment_due_at!) + 24 * HOUR_MS).toISOString();
    await testApp.app.db.transaction().execute((trx) => extendHold(trx, place.id, later));

    expect(await pushPaymentDue(testApp.app, old!.payload)).toBe(false);
    expect(await pushesOf(member.id, 'payment_due')).toEqual([]);
    const renewed = (await dueJobsOf(place.id)).filter((job) => job.payload.due_at === later);
    expect(renewed).toHaveLength(1);
    expect(Date.parse(renewed[0]!.run_at)).toBe(Date.parse(later) - 2 * HOUR_MS);
    expect(await pushPaymentDue(testApp.app, renewed[0]!.payload)).toBe(true);
    expect(await pushesOf(member.id, 'payment_due')).toHaveLength(1);
  });

  it('is not planned for a hold too short for it (the event starts in two hours)', async () => {
    const { day, hour } = mexicoDayAndHour(new Date(Date.now() + 2 * HOUR_MS + 60_000));
    const { place } = await heldPlace({ day, hour });
    expect(place.payment_due_at).not.toBeNull();
    expect(await dueJobsOf(place.id)).toEqual([]);
  });
});

describe('se liberó un lugar (docs/design/21-pocket.md)', () => {
  it('tells the next person waiting that the place is hers, until when, and plans her "pago por vencer"', async () => {
    const eventId = await insertEvent(testApp.app, { name: 'Noche de salsa', limit_w: 1 });
    const holder = await loggedInClient(testApp, { gender: 1 });
    const waiting = await loggedInClient(testApp, { gender: 1 });
    await holder.agent.post('client/events/add', { event_id: eventId });
    expect((await waiting.agent.post('client/events/add', { event_id: eventId })).body).toMatchObject({
      status_id: 3,
    });
    expect(await pushesOf(waiting.id, 'place_freed')).toEqual([]);
    expect((await holder.agent.post('client/events/cancel', { event_id: eventId })).statusCode).toBe(200);

    const promoted = await placeOf(eventId, waiting.id);
    expect(promoted.status_id).toBe(1);
    const [push, ...more] = await pushesOf(waiting.id, 'place_freed');
    expect(more).toEqual([]);
    expect(push).toMatchObject({
      clientId: waiting.id,
      title: 'Se liberó un lugar en «Noche de salsa»',
      url: `/evento/${eventId}`,
    });
    expect(push!.body).toMatch(/^Es tuyo hasta el .+\. Paga para confirmarlo\.$/);
    expect(await pushesOf(holder.id, 'place_freed')).toEqual([]);
    // Held 12 hours: long enough for the notice two hours before its end.
    expect(await dueJobsOf(promoted.id)).toHaveLength(1);
  });
});
