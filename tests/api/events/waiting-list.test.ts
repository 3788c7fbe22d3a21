import { describe, expect, it } from 'vitest';
import { auditActions, FIXTURE_PASSWORD, insertEvent } from '../../support/admin-fixtures';
import { lastMailTo, mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient, setEventStatus } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

type Member = Awaited<ReturnType<typeof loggedInClient>>;

async function signUpAll(eventId: number, members: Member[]) {
  const answers = [];
  // One after the other: the queue order is the sign-up order.
  for (const member of members)
    answers.push(await member.agent.post('client/events/add', { event_id: eventId }));
  return answers;
}

async function statusOf(eventId: number, clientId: number): Promise<number | undefined> {
  const row = await testApp.app.db
    .selectFrom('assistance')
    .select('status_id')
    .where('event_id', '=', eventId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return row?.status_id;
}

async function women(count: number): Promise<Member[]> {
  return Promise.all(Array.from({ length: count }, () => loggedInClient(testApp, { gender: 1 })));
}

describe('client/events/add with a waiting list', () => {
  it('gives places while the gender has them, then waiting positions 1, 2…; men and LGBTQ+ are apart', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 2, limit_m: 1 });
    const [w1, w2, w3, w4] = await women(4);
    const answers = await signUpAll(eventId, [w1!, w2!, w3!, w4!]);
    expect(answers.map((answer) => [answer.body.status_id, answer.body.position])).toEqual([
      [1, null],
      [1, null],
      [3, 1],
      [3, 2],
    ]);
    expect(answers[2]!.body.message).toBe(
      'Los lugares están ocupados: quedaste en la lista de espera, lugar 1',
    );
    const man = await loggedInClient(testApp, { gender: 2 });
    expect((await man.agent.post('client/events/add', { event_id: eventId })).body).toMatchObject({
      status_id: 1,
    });
    const lgbt = await Promise.all([1, 2, 3].map(() => loggedInClient(testApp, { gender: 3 })));
    for (const member of lgbt) {
      expect((await member.agent.post('client/events/add', { event_id: eventId })).body).toMatchObject({
        status_id: 1,
        position: null,
      });
    }
    const again = await w4!.agent.post('client/events/add', { event_id: eventId });
    expect(again.body).toMatchObject({ created: false, status_id: 3, position: 2 });
    expect(again.body.message).toBe('Ya estabas en la lista de espera, lugar 2');

    const mine = await w3!.agent.post<{ events: any[] }>('client/events/get', {});
    expect(mine.body.events[0]).toMatchObject({ event_id: eventId, status_id: 3, position: 1, ticket: null });
    const waitingMail = await lastMailTo(testApp.config.dataDir, w3!.email, (mail) =>
      (mail.subject ?? '').startsWith('Lista de espera'),
    );
    expect(waitingMail.text).toContain('lista de espera, lugar 1');

    const details = await admin.post<{ assistance: any[] }>('event/details', {
      admin_id: testApp.adminId,
      event_id: eventId,
    });
    const byClient = new Map(details.body.assistance.map((entry) => [entry.client_id, entry]));
    expect(byClient.get(w3!.id)).toMatchObject({ status_id: 3, position: 1, ticket: null, checked_in: 0 });
    expect(byClient.get(w4!.id)).toMatchObject({ status_id: 3, position: 2 });
    expect(byClient.get(w1!.id)).toMatchObject({ status_id: 1, position: null });
  });

  it('puts women and men of an event marked Agotado on the waiting list, LGBTQ+ members still get a place', async () => {
    const eventId = await insertEvent(testApp.app);
    await setEventStatus(testApp.app, eventId, 2);
    const [woman] = await women(1);
    const lgbt = await loggedInClient(testApp, { gender: 3 });
    expect((await woman!.agent.post('client/events/add', { event_id: eventId })).body).toMatchObject({
      status_id: 3,
    });
    expect((await lgbt.agent.post('client/events/add', { event_id: eventId })).body).toMatchObject({
      status_id: 1,
    });
    const publicView = await testApp.agent().post<{ event: any }>('event/details', { event_id: eventId });
    expect(publicView.body.event).toMatchObject({ status_id: 2, available_w: 0, available_m: 0 });
  });
});

describe('client/events/cancel', () => {
  it('cancels (4), promotes the first woman waiting (3 → 1) and e-mails her "Se liberó un lugar"', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [holder, first, second] = await women(3);
    await signUpAll(eventId, [holder!, first!, second!]);
    const response = await holder!.agent.post('client/events/cancel', {
      client_id: holder!.id,
      event_id: eventId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({
      status: 'success',
      message: 'Cancelaste tu registro',
      status_id: 4,
    });
    expect(await statusOf(eventId, holder!.id)).toBe(4);
    expect(await statusOf(eventId, first!.id)).toBe(1);
    expect(await statusOf(eventId, second!.id)).toBe(3);
    const mail = await lastMailTo(testApp.config.dataDir, first!.email, (m) =>
      (m.subject ?? '').startsWith('Se liberó un lugar'),
    );
    expect(mail.text).toContain('ya es tuyo');
    const mine = await second!.agent.post<{ events: any[] }>('client/events/get', {});
    expect(mine.body.events[0]).toMatchObject({ status_id: 3, position: 1 });

    const twice = await holder!.agent.post('client/events/cancel', { event_id: eventId });
    expect(twice.statusCode).toBe(200);
    expect(twice.body.message).toBe('Tu registro ya estaba cancelado');
    expect(await statusOf(eventId, second!.id)).toBe(3);
    await waitForQueueIdle(testApp.app.db);
    expect(
      (await mailsTo(testApp.config.dataDir, first!.email)).filter((m) => m.subject?.startsWith('Se liberó')),
    ).toHaveLength(1);
  });

  it('a waiting member who cancels frees nobody; a cancelled member who signs up again goes to the end', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [holder, a, b] = await women(3);
    await signUpAll(eventId, [holder!, a!, b!]);
    await a!.agent.post('client/events/cancel', { event_id: eventId });
    expect(await statusOf(eventId, holder!.id)).toBe(1);
    expect(await statusOf(eventId, b!.id)).toBe(3);
    const back = await a!.agent.post('client/events/add', { event_id: eventId });
    expect(back.body).toMatchObject({ created: true, status_id: 3, position: 2 });
    // The place holder cancels and signs up again: the place went to b, she waits behind a.
    await holder!.agent.post('client/events/cancel', { event_id: eventId });
    expect(await statusOf(eventId, b!.id)).toBe(1);
    const holderBack = await holder!.agent.post('client/events/add', { event_id: eventId });
    expect(holderBack.body).toMatchObject({ status_id: 3, position: 2 });
  });

  it('answers 404 to a member who never signed up and 409 once the event started', async () => {
    const eventId = await insertEvent(testApp.app);
    const [stranger, member] = await women(2);
    const missing = await stranger!.agent.post('client/events/cancel', { event_id: eventId });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatchObject({
      status: 'warning',
      message: 'No estás registrado/a en este evento',
    });
    await member!.agent.post('client/events/add', { event_id: eventId });
    await testApp.app.db.updateTable('events').set({ day: '2020-01-01' }).where('id', '=', eventId).execute();
    const late = await member!.agent.post('client/events/cancel', { event_id: eventId });
    expect(late.statusCode).toBe(409);
    expect(late.body.message).toBe('Este evento ya pasó');
    expect(await statusOf(eventId, member!.id)).toBe(1);
  });

  it('an event marked Agotado keeps a freed place until it reopens, then fills it from the queue', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [holder, waiting] = await women(2);
    await signUpAll(eventId, [holder!, waiting!]);
    await admin.post('event/update', { event: { id: eventId, name: 'Evento de prueba', status_id: 2 } });
    await holder!.agent.post('client/events/cancel', { event_id: eventId });
    expect(await statusOf(eventId, waiting!.id)).toBe(3);
    await admin.post('event/update', { event: { id: eventId, name: 'Evento de prueba', status_id: 1 } });
    expect(await statusOf(eventId, waiting!.id)).toBe(1);
  });

  it('raising a limit gives the new places to the people waiting, in order', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [holder, a, b, c] = await women(4);
    await signUpAll(eventId, [holder!, a!, b!, c!]);
    await admin.post('event/update', { event: { id: eventId, name: 'Evento de prueba', limit_w: 3 } });
    expect([
      await statusOf(eventId, a!.id),
      await statusOf(eventId, b!.id),
      await statusOf(eventId, c!.id),
    ]).toEqual([1, 1, 3]);
  });
});

describe('an erased account', () => {
  it('leaves its events, and its place goes to the first woman waiting', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [holder, waiting] = await women(2);
    await signUpAll(eventId, [holder!, waiting!]);
    const erased = await holder!.agent.post('client/deactivate', { password: FIXTURE_PASSWORD });
    expect(erased.statusCode).toBe(200);
    expect(await statusOf(eventId, holder!.id)).toBeUndefined();
    expect(await statusOf(eventId, waiting!.id)).toBe(1);
    await lastMailTo(testApp.config.dataDir, waiting!.email, (m) =>
      (m.subject ?? '').startsWith('Se liberó un lugar'),
    );
  });
});

describe('event/update {assistance} status rules', () => {
  it('an admin cancels on a member’s behalf (4) with the same promotion, and it is audited', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [holder, waiting] = await women(2);
    const [signed] = await signUpAll(eventId, [holder!, waiting!]);
    const assistanceId = signed!.body.assistance_id as number;
    const response = await admin.post('event/update', {
      admin_id: testApp.adminId,
      assistance: { id: assistanceId, status_id: 4 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.message).toBe('Registro cancelado');
    expect(await statusOf(eventId, holder!.id)).toBe(4);
    expect(await statusOf(eventId, waiting!.id)).toBe(1);
    expect(await auditActions(testApp.app, 'assistance', assistanceId)).toEqual(['assistance.cancel']);
  });

  it('refuses to confirm a waiting member or to move one to registered by hand (409)', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 1 });
    const [holder, waiting] = await women(2);
    const [held, queued] = await signUpAll(eventId, [holder!, waiting!]);
    const confirmWaiting = await admin.post('event/update', {
      assistance: { id: queued!.body.assistance_id, status_id: 2 },
    });
    expect(confirmWaiting.statusCode).toBe(409);
    expect(confirmWaiting.body.message).toBe(
      'Sólo se puede confirmar a una persona registrada (no en lista de espera ni cancelada)',
    );
    // Setting a registered member to registered again changes nothing; a waiting one cannot jump the queue.
    const same = await admin.post('event/update', {
      assistance: { id: held!.body.assistance_id, status_id: 1 },
    });
    expect(same.statusCode).toBe(200);
    const unconfirm = await admin.post('event/update', {
      assistance: { id: queued!.body.assistance_id, status_id: 1 },
    });
    expect(unconfirm.statusCode).toBe(409);
    expect(unconfirm.body.message).toBe('Sólo se puede retirar la confirmación de una persona confirmada');
    const unknown = await admin.post('event/update', { assistance: { id: 2_000_000, status_id: 4 } });
    expect(unknown.statusCode).toBe(404);
    const invalid = await admin.post('event/update', {
      assistance: { id: held!.body.assistance_id, status_id: 3 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(await statusOf(eventId, waiting!.id)).toBe(3);
  });
});
