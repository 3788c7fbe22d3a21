import { describe, expect, it } from 'vitest';
import {
  ageOn,
  BIRTHDAY_NEEDED,
  percentOf,
  QUIZ_NEEDED,
  scorePair,
} from '../../../src/shared/domain/compatibility';
import type { GenderId } from '../../../src/shared/domain/genders';
import type { QuizAnswers } from '../../../src/shared/domain/quiz-questions';
import { insertEvent } from '../../support/admin-fixtures';
import { type Agent, setUpTestApp } from '../../support/test-app';
import { birthdayYearsAgo } from '../accounts/helpers';
import { loggedInClient, quizAnswers } from '../events/helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

interface Member {
  agent: Agent;
  id: number;
  answers: QuizAnswers;
  gender: GenderId;
  birthday: string;
}

/** Her answers: looking for a man of 30–35, any marital status. */
function womanAnswers(changes: Partial<QuizAnswers> = {}): QuizAnswers {
  return { ...(quizAnswers(0) as QuizAnswers), q_1: 'Hombre', q_2: '30-35', q_5: 'No importa', ...changes };
}

/** His answers: the same as hers on every question unless told otherwise, looking for a woman. */
function manAnswers(changes: Partial<QuizAnswers> = {}): QuizAnswers {
  return womanAnswers({ q_1: 'Mujer', ...changes });
}

async function answerQuiz(member: { agent: Agent }, answers: QuizAnswers): Promise<void> {
  const response = await member.agent.post('client/quizz/add', { quizz: answers });
  expect(response.statusCode).toBe(200);
}

/** A member with answers and, unless told otherwise, an advert an admin approved (the real path). */
async function member(
  gender: GenderId,
  answers: QuizAnswers | null,
  options: { years?: number; published?: boolean; firstName?: string } = {},
): Promise<Member> {
  const birthday = birthdayYearsAgo(options.years ?? 32, -3);
  const client = await loggedInClient(testApp, { gender, birthday, first_name: options.firstName });
  if (answers) await answerQuiz(client, answers);
  if (options.published ?? true) {
    await client.agent.post('client/advert/update', {
      advert: { status_id: 1, description_update: `Hola, soy ${client.id}` },
    });
    const advert = await client.agent.post('client/advert/get', {});
    const approved = await admin.post('admin/clients/update', {
      advert: { id: advert.body.advert.id, status_id: 1, description: `Hola, soy ${client.id}` },
    });
    expect(approved.statusCode).toBe(200);
  }
  return { ...client, answers: answers ?? womanAnswers(), gender, birthday };
}

function expectedPercent(a: Member, b: Member): number {
  const now = new Date();
  const score = scorePair(
    { id: a.id, gender: a.gender, age: ageOn(a.birthday, now), answers: a.answers },
    { id: b.id, gender: b.gender, age: ageOn(b.birthday, now), answers: b.answers },
  );
  return percentOf(score);
}

async function paraTi(agent: Agent, body: Record<string, unknown> = {}) {
  return agent.post<{ people: { client_id: number; percent: number; reasons: string[] }[]; total: number }>(
    'client/compatible/get',
    body,
  );
}

async function listedIds(agent: Agent, body: Record<string, unknown> = {}): Promise<number[]> {
  const response = await paraTi(agent, body);
  expect(response.statusCode).toBe(200);
  return response.body.people.map((person) => person.client_id);
}

describe('client/compatible/get ("Para ti")', () => {
  it('asks a member without quiz answers to answer it (409), and a visitor to log in', async () => {
    const her = await member(1, null, { published: false });
    const response = await paraTi(her.agent);
    expect(response.statusCode).toBe(409);
    expect(response.body).toMatchObject({ status: 'warning', message: QUIZ_NEEDED });
    expect((await paraTi(testApp.agent())).statusCode).toBe(401);

    const noBirthday = await member(1, womanAnswers(), { published: false });
    await testApp.app.db
      .updateTable('clients')
      .set({ birthday: null })
      .where('id', '=', noBirthday.id)
      .execute();
    await answerQuiz(noBirthday, womanAnswers());
    const refused = await paraTi(noBirthday.agent);
    expect(refused.statusCode).toBe(409);
    expect(refused.body.message).toBe(BIRTHDAY_NEEDED);
  });

  it('lists published people who fit her both ways, by percent, with reasons; never the hidden, the misfits or herself', async () => {
    const her = await member(1, womanAnswers({ q_7: 'Salir a bailar o de fiesta' }));
    const twin = await member(2, manAnswers({ q_7: 'Salir a bailar o de fiesta' }));
    const different = await member(
      2,
      manAnswers({ q_6: 'No quiero tener', q_7: 'Quedarme en casa viendo series', q_11: 'Sí, fumo' }),
    );
    const unpublished = await member(2, manAnswers(), { published: false });
    const seeksMen = await member(2, manAnswers({ q_1: 'Hombre' }));
    const tooOld = await member(2, manAnswers(), { years: 47 });
    const noQuiz = await member(2, null);

    // The session decides whose list it is: another member's id is refused.
    expect((await paraTi(her.agent, { client_id: twin.id })).statusCode).toBe(403);
    const response = await paraTi(her.agent, { client_id: her.id });
    expect(response.statusCode).toBe(200);
    const ids = response.body.people.map((person) => person.client_id);
    expect(ids).toContain(twin.id);
    expect(ids).toContain(different.id);
    for (const hidden of [her, unpublished, seeksMen, tooOld, noQuiz]) expect(ids).not.toContain(hidden.id);
    // Percent from highest, and the same percent the specification's score gives.
    const percents = response.body.people.map((person) => person.percent);
    expect(percents).toEqual([...percents].sort((a, b) => b - a));
    const twinEntry = response.body.people.find((person) => person.client_id === twin.id)!;
    const differentEntry = response.body.people.find((person) => person.client_id === different.id)!;
    expect(twinEntry.percent).toBe(expectedPercent(her, twin));
    expect(differentEntry.percent).toBe(expectedPercent(her, different));
    expect(twinEntry.percent).toBeGreaterThan(differentEntry.percent);
    expect(ids.indexOf(twin.id)).toBeLessThan(ids.indexOf(different.id));
    // At most three, what weighs most first.
    expect(twinEntry.reasons).toEqual([
      'Los dos quieren tener hijos',
      'A los dos les gusta hacer casi todo juntos',
      'Cada uno demuestra el cariño como al otro le gusta recibirlo',
    ]);
    expect(differentEntry.reasons).toEqual([
      'A los dos les gusta hacer casi todo juntos',
      'Cada uno demuestra el cariño como al otro le gusta recibirlo',
      'Los dos llevan un ritmo de vida muy activo',
    ]);
    expect(twinEntry).toMatchObject({
      name: expect.stringMatching(/^\S+ [A-ZÁÉÍÓÚÑ]\.$/),
      age: 32,
      gender: 2,
    });
    // Both ways: he sees her too.
    expect(await listedIds(twin.agent)).toContain(her.id);
  });

  it('follows re-answers, blocks, hidden adverts and deactivations at once', async () => {
    const her = await member(1, womanAnswers());
    const him = await member(
      2,
      manAnswers({ q_6: 'No quiero tener', q_14: 'Distancia: necesito mi propio espacio' }),
    );
    const other = await member(2, manAnswers({ q_7: 'Quedarme en casa viendo series' }));
    const before = await paraTi(her.agent);
    const percentBefore = before.body.people.find((person) => person.client_id === him.id)!.percent;

    await answerQuiz(him, manAnswers());
    const after = await paraTi(her.agent);
    expect(after.body.people.find((person) => person.client_id === him.id)!.percent).toBeGreaterThan(
      percentBefore,
    );

    expect((await her.agent.post('client/block', { target_client_id: him.id })).statusCode).toBe(200);
    expect(await listedIds(her.agent)).not.toContain(him.id);
    expect(await listedIds(him.agent)).not.toContain(her.id);
    expect((await her.agent.post('client/unblock', { target_client_id: him.id })).statusCode).toBe(200);
    expect(await listedIds(her.agent)).toContain(him.id);

    await other.agent.post('client/advert/update', {
      advert: { status_id: 2, description_update: `Hola, soy ${other.id}` },
    });
    expect(await listedIds(her.agent)).not.toContain(other.id);

    expect(
      (await admin.post('admin/clients/update', { client: { id: him.id, status_id: 2 } })).statusCode,
    ).toBe(200);
    expect(await listedIds(her.agent)).not.toContain(him.id);
  });

  it('narrows by age and pages; a bad range is a Spanish 400', async () => {
    const her = await member(1, womanAnswers({ q_2: '30-35' }));
    const thirty = await member(2, manAnswers(), { years: 30 });
    const thirtyFour = await member(2, manAnswers(), { years: 34 });
    const all = await listedIds(her.agent);
    expect(all).toEqual(expect.arrayContaining([thirty.id, thirtyFour.id]));
    const narrowed = await listedIds(her.agent, { age_min: 33, age_max: 35 });
    expect(narrowed).toContain(thirtyFour.id);
    expect(narrowed).not.toContain(thirty.id);

    const beyond = await paraTi(her.agent, { page: 50 });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.body).toMatchObject({ people: [], page: 50, page_size: 12 });
    expect(beyond.body.total).toBe(all.length);

    const wrong = await paraTi(her.agent, { age_min: 40, age_max: 30 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.message).toMatch(/edad mínima no puede ser mayor/);
    expect((await paraTi(her.agent, { page: 0 })).statusCode).toBe(400);
  });

  it('event/details tells a member how many people holding a place suit her at 70 % or more, never who', async () => {
    const eventId = await insertEvent(testApp.app);
    const her = await member(1, womanAnswers());
    const twin = await member(2, manAnswers(), { published: false });
    const unlike = await member(
      2,
      manAnswers({
        q_6: 'No quiero tener',
        q_7: 'Quedarme en casa viendo series',
        q_8: 'Tranquilo, me gusta ir sin prisas',
        q_10: 'Vivo el momento',
        q_11: 'Sí, fumo',
        q_12: 'Sí, con frecuencia',
        q_13: 'Casi nunca',
        q_14: 'Distancia: necesito mi propio espacio',
        q_15: 'Con regalos y detalles',
        q_18: 'Rock y alternativo',
      }),
    );
    const blocked = await member(2, manAnswers());
    const waiting = await member(2, manAnswers());
    expect(expectedPercent(her, twin)).toBeGreaterThanOrEqual(70);
    expect(expectedPercent(her, blocked)).toBeGreaterThanOrEqual(70);
    expect(expectedPercent(her, unlike)).toBeLessThan(70);
    await testApp.app.db.updateTable('events').set({ limit_m: 3 }).where('id', '=', eventId).execute();
    for (const man of [twin, unlike, blocked, waiting]) {
      expect((await man.agent.post('client/events/add', { event_id: eventId })).statusCode).toBe(200);
    }
    await her.agent.post('client/block', { target_client_id: blocked.id });

    const details = await her.agent.post('event/details', { event_id: eventId });
    expect(details.statusCode).toBe(200);
    // The twin only: the unlike one is below 70 %, the blocked one is left out, the fourth is waiting.
    expect(details.body.compatible_count).toBe(1);
    expect(JSON.stringify(details.body)).not.toContain(`"client_id":${twin.id}`);

    const visitor = await testApp.agent().post('event/details', { event_id: eventId });
    expect(visitor.body).not.toHaveProperty('compatible_count');
    const noQuiz = await member(1, null, { published: false });
    expect((await noQuiz.agent.post('event/details', { event_id: eventId })).body).not.toHaveProperty(
      'compatible_count',
    );
  });
});
