import { describe, expect, it } from 'vitest';
import { insertClient, insertEvent, insertInterest, signUp } from '../../support/admin-fixtures';
import { dataUrl, pngBytes } from '../../support/images';
import { mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { type Agent, setUpTestApp } from '../../support/test-app';
import { loggedInClient, quizAnswers } from '../events/helpers';
import { pairTextsOutOfStep } from '../people/helpers';
import { runningEvent, setEventStart } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

interface Person {
  agent: Agent;
  id: number;
  email: string;
}

/** Two women and two men checked in to an event that started half an hour ago. */
async function smallNight(): Promise<{
  eventId: number;
  ana: Person;
  bea: Person;
  carlos: Person;
  diego: Person;
}> {
  const ana = await loggedInClient(testApp, {
    first_name: 'Ana',
    last_name: 'Ruiz',
    gender: 1,
    phone: '55 1111 2222',
  });
  const bea = await loggedInClient(testApp, { first_name: 'Bea', last_name: 'Soto', gender: 1 });
  const carlos = await loggedInClient(testApp, {
    first_name: 'Carlos',
    last_name: 'Mora',
    gender: 2,
    phone: '33 4444 5555',
  });
  const diego = await loggedInClient(testApp, { first_name: 'Diego', last_name: 'Paz', gender: 2 });
  const eventId = await runningEvent(testApp.app, [ana.id, bea.id, carlos.id, diego.id]);
  return { eventId, ana, bea, carlos, diego };
}

async function interestStatuses(a: number, b: number) {
  const rows = await testApp.app.db
    .selectFrom('interests')
    .select(['client_id', 'target_client_id', 'status_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('client_id', '=', a), eb('target_client_id', '=', b)]),
        eb.and([eb('client_id', '=', b), eb('target_client_id', '=', a)]),
      ]),
    )
    .orderBy('client_id')
    .execute();
  return rows.map((row) => row.status_id);
}

async function matchMails(email: string) {
  return (await mailsTo(testApp.config.dataDir, email)).filter((mail) =>
    mail.subject?.includes('volver a verte'),
  );
}

describe('client/picks/get', () => {
  it('lists the other checked-in attendees as First L. with age, no photo yet and no answer', async () => {
    const { eventId, ana, bea, carlos, diego } = await smallNight();
    const late = await insertClient(testApp.app, { gender: 2 });
    await signUp(testApp.app, eventId, late.id);
    const response = await ana.agent.post('client/picks/get', { client_id: ana.id, event_id: eventId });
    expect(response.statusCode).toBe(200);
    expect(response.body.open).toBe(true);
    expect(response.body.closed).toBe(false);
    expect(Date.parse(response.body.closes_at)).toBeGreaterThan(Date.now() + 24 * 3_600_000);
    const people = response.body.people as { client_id: number; name: string; age: number | null }[];
    expect(people.map((person) => person.client_id).sort()).toEqual([bea.id, carlos.id, diego.id].sort());
    expect(people.find((person) => person.client_id === carlos.id)).toMatchObject({
      name: 'Carlos M.',
      gender: 2,
      photo: null,
      picked: null,
    });
    expect(typeof people[0]?.age).toBe('number');
  });

  it('shows the main approved photo of a person, clear, to the members on the list', async () => {
    const { eventId, ana, carlos } = await smallNight();
    const added = await carlos.agent.post<{ photo: { id: number } }>('client/photos/add', {
      image: dataUrl(await pngBytes(600, 600)),
    });
    expect(added.statusCode).toBe(200);
    const pending = await ana.agent.post('client/picks/get', { event_id: eventId });
    const before = pending.body.people.find(
      (person: { client_id: number }) => person.client_id === carlos.id,
    );
    expect(before.photo).toBeNull();
    const approved = await admin.post('admin/photos/update', {
      photo: { id: added.body.photo.id, status_id: 2 },
    });
    expect(approved.statusCode).toBe(200);
    const list = await ana.agent.post('client/picks/get', { event_id: eventId });
    const shown = list.body.people.find((person: { client_id: number }) => person.client_id === carlos.id);
    expect(shown.photo).toEqual(expect.stringMatching(/^\/images\/.+\.(webp|avif)$/));
    expect((await ana.agent.get(shown.photo)).statusCode).toBe(200);
  });

  it('shows only the gender the quiz says the member seeks, and hides blocked people both ways', async () => {
    const { eventId, ana, bea, carlos, diego } = await smallNight();
    const quiz = await ana.agent.post('client/quizz/add', { quizz: { ...quizAnswers(), q_1: 'Hombre' } });
    expect(quiz.statusCode).toBe(200);
    expect((await diego.agent.post('client/block', { target_client_id: ana.id })).statusCode).toBe(200);
    const forAna = await ana.agent.post('client/picks/get', { event_id: eventId });
    expect(forAna.body.people.map((person: { client_id: number }) => person.client_id)).toEqual([carlos.id]);
    const forDiego = await diego.agent.post('client/picks/get', { event_id: eventId });
    const seenByDiego = forDiego.body.people.map((person: { client_id: number }) => person.client_id);
    expect(seenByDiego).not.toContain(ana.id);
    expect(seenByDiego).toContain(bea.id);
  });

  it('refuses a member who was not checked in (403) and an unknown event (404)', async () => {
    const { eventId } = await smallNight();
    const outsider = await loggedInClient(testApp, { gender: 2 });
    await signUp(testApp.app, eventId, outsider.id);
    const refused = await outsider.agent.post('client/picks/get', { event_id: eventId });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.message).toBe('Las elecciones son para quienes registraron su llegada al evento');
    expect((await outsider.agent.post('client/picks/get', { event_id: 999_999 })).statusCode).toBe(404);
  });

  it('says not open yet before the event starts, with nobody listed', async () => {
    const { eventId, ana } = await smallNight();
    await setEventStart(testApp.app, eventId, 90);
    const response = await ana.agent.post('client/picks/get', { event_id: eventId });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({ open: false, closed: false, people: [] });
    expect(Date.parse(response.body.opens_at)).toBeGreaterThan(Date.now());
  });
});

describe('client/picks/update', () => {
  it('saves Sí and No, and a later answer replaces the earlier one', async () => {
    const { eventId, ana, carlos, diego } = await smallNight();
    const saved = await ana.agent.post('client/picks/update', {
      client_id: ana.id,
      event_id: eventId,
      picks: [
        { client_id: carlos.id, pick: 1 },
        { client_id: diego.id, pick: 0 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    await ana.agent.post('client/picks/update', {
      event_id: eventId,
      picks: [{ client_id: diego.id, pick: 1 }],
    });
    const list = await ana.agent.post('client/picks/get', { event_id: eventId });
    const picked = Object.fromEntries(
      list.body.people.map((person: { client_id: number; picked: number | null }) => [
        person.client_id,
        person.picked,
      ]),
    );
    expect(picked[carlos.id]).toBe(1);
    expect(picked[diego.id]).toBe(1);
  });

  it('refuses someone not on the list (400) and stores nothing of that request', async () => {
    const { eventId, ana, carlos } = await smallNight();
    const stranger = await insertClient(testApp.app, { gender: 2 });
    for (const target of [stranger.id, ana.id]) {
      const response = await ana.agent.post('client/picks/update', {
        event_id: eventId,
        picks: [
          { client_id: carlos.id, pick: 1 },
          { client_id: target, pick: 1 },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.body.message).toBe(
        'Solo puedes elegir entre las personas que conociste en este evento',
      );
    }
    const stored = await testApp.app.db
      .selectFrom('picks')
      .selectAll()
      .where('event_id', '=', eventId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses malformed answers with Spanish messages (400)', async () => {
    const { eventId, ana, carlos } = await smallNight();
    const cases = [
      { event_id: eventId, picks: [] },
      { event_id: eventId, picks: [{ client_id: carlos.id, pick: 2 }] },
      {
        event_id: eventId,
        picks: [
          { client_id: carlos.id, pick: 1 },
          { client_id: carlos.id, pick: 0 },
        ],
      },
      { event_id: 'uno', picks: [{ client_id: carlos.id, pick: 1 }] },
    ];
    for (const body of cases) {
      const response = await ana.agent.post('client/picks/update', body);
      expect(response.statusCode).toBe(400);
      expect(response.body.status).toBe('warning');
    }
  });

  it('refuses a member who was not checked in (403)', async () => {
    const { eventId, carlos } = await smallNight();
    const outsider = await loggedInClient(testApp, { gender: 1 });
    const response = await outsider.agent.post('client/picks/update', {
      event_id: eventId,
      picks: [{ client_id: carlos.id, pick: 1 }],
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses answers before the start and after the window closed (409)', async () => {
    const { eventId, ana, carlos } = await smallNight();
    const body = { event_id: eventId, picks: [{ client_id: carlos.id, pick: 1 }] };
    await setEventStart(testApp.app, eventId, 60);
    const early = await ana.agent.post('client/picks/update', body);
    expect(early.statusCode).toBe(409);
    expect(early.body.message).toBe('Las elecciones abren cuando empieza el evento');
    // 2 h of event + 24 h of window: started 26 h 10 min ago, closed 10 minutes ago.
    await setEventStart(testApp.app, eventId, -(26 * 60 + 10));
    const late = await ana.agent.post('client/picks/update', body);
    expect(late.statusCode).toBe(409);
    expect(late.body.message).toBe('Las elecciones de este evento ya cerraron');
    const list = await ana.agent.post('client/picks/get', body);
    expect(list.body).toMatchObject({ open: false, closed: true });
  });
});

describe('closing the match cards', () => {
  it('turns mutual picks into mutual interests with an e-mail each, and reveals no one-way pick', async () => {
    const { eventId, ana, bea, carlos, diego } = await smallNight();
    const pick = (who: Person, picks: { client_id: number; pick: 0 | 1 }[]) =>
      who.agent.post('client/picks/update', { event_id: eventId, picks });
    await pick(ana, [
      { client_id: carlos.id, pick: 1 },
      { client_id: diego.id, pick: 1 },
    ]);
    await pick(carlos, [{ client_id: ana.id, pick: 1 }]);
    await pick(diego, [{ client_id: ana.id, pick: 0 }]);
    await pick(bea, [{ client_id: diego.id, pick: 1 }]);

    const details = await admin.post('event/details', { admin_id: testApp.adminId, event_id: eventId });
    expect(details.body.picks).toEqual({ checked_in: 4, pickers: 4, picks: 4, mutual: 1, closed_at: null });

    const closed = await admin.post('event/update', { picks_close: eventId });
    expect(closed.statusCode).toBe(200);
    expect(closed.body).toMatchObject({ closed: true, mutual: 1 });
    const closedDetails = await admin.post('event/details', { admin_id: testApp.adminId, event_id: eventId });
    expect(closedDetails.body.picks.closed_at).toEqual(expect.any(String));
    expect(await interestStatuses(ana.id, carlos.id)).toEqual([2, 2]);
    expect(await interestStatuses(ana.id, diego.id)).toEqual([]);
    expect(await interestStatuses(bea.id, diego.id)).toEqual([]);
    // The back office finds the new pair by either name (matches/interests/pair-search-text.ts).
    expect(await pairTextsOutOfStep(testApp.app)).toEqual([]);

    const anaInterests = await ana.agent.post('client/interested/get', {});
    expect(anaInterests.body.mutual.map((entry: { client_id: number }) => entry.client_id)).toEqual([
      carlos.id,
    ]);
    expect(anaInterests.body.interested).toEqual([]);
    const diegoInterests = await diego.agent.post('client/interested/get', {});
    expect(diegoInterests.body.mutual).toEqual([]);
    expect(diegoInterests.body.interested).toEqual([]);

    await waitForQueueIdle(testApp.app.db);
    const [toAna] = await matchMails(ana.email);
    expect(toAna?.subject).toBe('¡Carlos también quiere volver a verte!');
    // A link to their conversation, no phone number (docs/design/20-mensajes.md).
    const conversation = await testApp.app.db
      .selectFrom('conversations')
      .select('id')
      .where('pair_key', '=', `${Math.min(ana.id, carlos.id)}:${Math.max(ana.id, carlos.id)}`)
      .executeTakeFirstOrThrow();
    expect(toAna?.text).toContain(`/mensajes/${conversation.id}`);
    expect(toAna?.text).not.toContain('wa.me');
    const [toCarlos] = await matchMails(carlos.email);
    expect(toCarlos?.text).toContain(`/mensajes/${conversation.id}`);
    expect(toCarlos?.text).not.toContain('wa.me');
    expect(await matchMails(diego.email)).toEqual([]);
    expect(await matchMails(bea.email)).toEqual([]);

    const after = await ana.agent.post('client/picks/update', {
      event_id: eventId,
      picks: [{ client_id: bea.id, pick: 1 }],
    });
    expect(after.statusCode).toBe(409);
    const again = await admin.post('event/update', { picks_close: eventId });
    expect(again.body).toMatchObject({ closed: false, message: 'Las elecciones ya estaban cerradas' });
    await waitForQueueIdle(testApp.app.db);
    expect(await matchMails(ana.email)).toHaveLength(1);
    const audit = await testApp.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', eventId)
      .where('action', '=', 'event.picks_close')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('makes an existing one-way interest mutual and skips a pair who blocked each other since', async () => {
    const { eventId, ana, bea, carlos, diego } = await smallNight();
    await insertInterest(testApp.app, carlos.id, ana.id);
    for (const [who, other] of [
      [ana, carlos],
      [carlos, ana],
      [bea, diego],
      [diego, bea],
    ] as const) {
      const saved = await who.agent.post('client/picks/update', {
        event_id: eventId,
        picks: [{ client_id: other.id, pick: 1 }],
      });
      expect(saved.statusCode).toBe(200);
    }
    await bea.agent.post('client/block', { target_client_id: diego.id });
    const closed = await admin.post('event/update', { picks_close: eventId });
    expect(closed.body).toMatchObject({ closed: true, mutual: 1 });
    expect(await interestStatuses(ana.id, carlos.id)).toEqual([2, 2]);
    expect(await interestStatuses(bea.id, diego.id)).toEqual([]);
  });

  it('closes exactly once when the organizer and the job close at the same moment', async () => {
    const { eventId, ana, carlos } = await smallNight();
    await ana.agent.post('client/picks/update', {
      event_id: eventId,
      picks: [{ client_id: carlos.id, pick: 1 }],
    });
    await carlos.agent.post('client/picks/update', {
      event_id: eventId,
      picks: [{ client_id: ana.id, pick: 1 }],
    });
    const second = testApp.agent();
    await second.loginAdmin();
    const responses = await Promise.all([
      admin.post('event/update', { picks_close: eventId }),
      second.post('event/update', { picks_close: eventId }),
      admin.post('event/update', { picks_close: eventId }),
      second.post('event/update', { picks_close: eventId }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(responses.filter((response) => response.body.closed)).toHaveLength(1);
    expect(await interestStatuses(ana.id, carlos.id)).toEqual([2, 2]);
    const mailJobs = await testApp.app.db
      .selectFrom('jobs')
      .select('key')
      .where('key', 'like', `mail:picks-match:${eventId}:%`)
      .execute();
    expect(mailJobs).toHaveLength(2);
  });

  it('lets no answer in once the close has committed, even when both arrive together', async () => {
    const { eventId, ana, bea, carlos, diego } = await smallNight();
    // Carlos and Diego said Sí before: an answer of Ana's or Bea's completes a pair, and a pair
    // completed before the close becomes mutual. An answer stored after the close would stay one-way.
    for (const [who, other] of [
      [carlos, ana],
      [diego, bea],
    ] as const) {
      await who.agent.post('client/picks/update', {
        event_id: eventId,
        picks: [{ client_id: other.id, pick: 1 }],
      });
    }
    const racing = [
      [ana, carlos],
      [bea, diego],
    ] as const;
    const [close, ...answers] = await Promise.all([
      admin.post('event/update', { picks_close: eventId }),
      ...racing.map(([who, other]) =>
        who.agent.post('client/picks/update', {
          event_id: eventId,
          picks: [{ client_id: other.id, pick: 1 }],
        }),
      ),
    ]);
    expect(close?.statusCode).toBe(200);
    for (const [index, [who, other]] of racing.entries()) {
      const answer = answers[index];
      expect([200, 409]).toContain(answer?.statusCode);
      const stored = await testApp.app.db
        .selectFrom('picks')
        .select('pick')
        .where('event_id', '=', eventId)
        .where('client_id', '=', who.id)
        .where('target_client_id', '=', other.id)
        .execute();
      if (answer?.statusCode === 200) {
        expect(stored).toHaveLength(1);
        expect(await interestStatuses(who.id, other.id)).toEqual([2, 2]);
      } else {
        expect(stored).toHaveLength(0);
        expect(await interestStatuses(who.id, other.id)).toEqual([]);
      }
    }
  });

  it('closes by itself through the queue once the window is over', async () => {
    const { eventId, ana, carlos } = await smallNight();
    await ana.agent.post('client/picks/update', {
      event_id: eventId,
      picks: [{ client_id: carlos.id, pick: 1 }],
    });
    await carlos.agent.post('client/picks/update', {
      event_id: eventId,
      picks: [{ client_id: ana.id, pick: 1 }],
    });
    const job = await testApp.app.db
      .selectFrom('jobs')
      .select(['id', 'run_at', 'state'])
      .where('kind', '=', 'picks-close')
      .where('key', 'like', `picks-close:${eventId}:%`)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('pending');
    const list = await ana.agent.post('client/picks/get', { event_id: eventId });
    expect(job.run_at).toBe(list.body.closes_at);
    // Time passes: the event is two days old and its close job is due.
    await setEventStart(testApp.app, eventId, -48 * 60);
    await testApp.app.db
      .updateTable('jobs')
      .set({ run_at: new Date().toISOString() })
      .where('id', '=', job.id)
      .execute();
    testApp.app.queue.wake();
    await waitForQueueIdle(testApp.app.db);
    expect(await interestStatuses(ana.id, carlos.id)).toEqual([2, 2]);
    const event = await testApp.app.db
      .selectFrom('events')
      .select('picks_closed_at')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(event.picks_closed_at).not.toBeNull();
  });

  it('does nothing when a close job of an old date runs while the window is still open', async () => {
    const { eventId, ana, carlos } = await smallNight();
    await ana.agent.post('client/picks/update', {
      event_id: eventId,
      picks: [{ client_id: carlos.id, pick: 1 }],
    });
    await testApp.app.db
      .updateTable('jobs')
      .set({ run_at: new Date().toISOString() })
      .where('key', 'like', `picks-close:${eventId}:%`)
      .execute();
    testApp.app.queue.wake();
    await waitForQueueIdle(testApp.app.db);
    const list = await ana.agent.post('client/picks/get', { event_id: eventId });
    expect(list.body.open).toBe(true);
  });

  it('answers 404 for an unknown event', async () => {
    const response = await admin.post('event/update', { picks_close: 999_999 });
    expect(response.statusCode).toBe(404);
  });
});

describe('event/rounds', () => {
  it('plans the night of the checked-in attendees and keeps the round length', async () => {
    const { eventId, ana, bea, carlos, diego } = await smallNight();
    const response = await admin.post('event/rounds', {
      admin_id: testApp.adminId,
      event_id: eventId,
      round_minutes: 7,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.source).toBe('checked_in');
    expect(response.body.round_minutes).toBe(7);
    expect(response.body.event_name).toBe('Speed dating de prueba');
    expect(response.body.rounds).toHaveLength(2);
    expect(response.body.people.map((person: { name: string }) => person.name)).toEqual([
      'Ana R.',
      'Bea S.',
      'Carlos M.',
      'Diego P.',
    ]);
    const met = response.body.rounds.flatMap((round: { pairs: { a: number; b: number }[] }) =>
      round.pairs.map((pair) => `${pair.a}-${pair.b}`),
    );
    expect(met.sort()).toEqual(
      [
        `${ana.id}-${carlos.id}`,
        `${ana.id}-${diego.id}`,
        `${bea.id}-${carlos.id}`,
        `${bea.id}-${diego.id}`,
      ].sort(),
    );
    const again = await admin.post('event/rounds', { event_id: eventId });
    expect(again.body.round_minutes).toBe(7);
    const audit = await testApp.app.db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('entity', '=', 'event')
      .where('entity_id', '=', eventId)
      .execute();
    expect(audit).toEqual([{ action: 'event.update', after_json: JSON.stringify({ round_minutes: 7 }) }]);
  });

  it('uses the confirmed attendees before anyone is checked in', async () => {
    const eventId = await insertEvent(testApp.app);
    const woman = await insertClient(testApp.app, { gender: 1 });
    const man = await insertClient(testApp.app, { gender: 2 });
    const registered = await insertClient(testApp.app, { gender: 2 });
    for (const client of [woman, man]) {
      const id = await signUp(testApp.app, eventId, client.id);
      await testApp.app.db.updateTable('assistance').set({ status_id: 2 }).where('id', '=', id).execute();
    }
    const registeredSignUp = await signUp(testApp.app, eventId, registered.id);
    const response = await admin.post('event/rounds', { event_id: eventId });
    expect(response.body.source).toBe('confirmed');
    expect(response.body.rounds).toEqual([
      { round: 1, pairs: [{ table: 1, a: woman.id, b: man.id }], resting: [] },
    ]);
    await testApp.app.db
      .updateTable('assistance')
      .set({ checked_in_at: new Date().toISOString() })
      .where('id', '=', registeredSignUp)
      .execute();
    const checkedIn = await admin.post('event/rounds', { event_id: eventId });
    expect(checkedIn.body.source).toBe('checked_in');
  });

  it('refuses a round length out of range (400) and an unknown event (404)', async () => {
    const eventId = await insertEvent(testApp.app);
    const tooLong = await admin.post('event/rounds', { event_id: eventId, round_minutes: 0 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body.message).toContain('al menos 1 minuto');
    expect((await admin.post('event/rounds', { event_id: 999_999 })).statusCode).toBe(404);
  });
});
