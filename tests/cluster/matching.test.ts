import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUIZ_QUESTIONS } from '../../src/shared/domain/quiz-questions';
import { insertAdvert } from '../support/admin-fixtures';
import type { HttpAgent } from '../support/http-agent';
import { agent, BACKENDS, birthdayYearsAgo, loggedInClient, openDatabase, waitFor } from './cluster';

const store = openDatabase();
let admin: HttpAgent;
beforeAll(async () => {
  admin = agent();
  await admin.loginAdmin();
});
afterAll(async () => {
  await store.db.destroy();
});

function answers(soughtGender: string): Record<string, string> {
  const body: Record<string, string> = {};
  for (const question of QUIZ_QUESTIONS) body[question.key] = question.options[0].text;
  body.q_1 = soughtGender;
  body.q_2 = '30-35';
  return body;
}

interface QuizPair {
  client_a: number;
  client_b: number;
  score: number;
}

/** The quiz tab through one instance, narrowed to the clients whose names hold `search`. */
async function quizPairs(search: string, backend: number): Promise<QuizPair[]> {
  const response = await admin.post<{ quiz_pairs: QuizPair[] }>(
    'admin/matches',
    { tab: 'quiz', search },
    { backend },
  );
  expect(response.statusCode).toBe(200);
  expect(response.backend).toBe(backend);
  return response.body.quiz_pairs;
}

describe('compatibility pairs when the quiz is answered through different instances', () => {
  it('shows the pair through either instance, and follows a re-answer made through one of them', async () => {
    const family = `Nodo${Math.random().toString(36).slice(2, 8)}`;
    // Each instance's engine loads before the answers exist, so it must catch up from scoring_changes.
    for (const backend of BACKENDS) expect(await quizPairs(family, backend)).toEqual([]);

    const birthday = birthdayYearsAgo(32);
    const ana = await loggedInClient(store, { first_name: 'Ana', last_name: family, gender: 1, birthday }, 0);
    const beto = await loggedInClient(
      store,
      { first_name: 'Beto', last_name: family, gender: 2, birthday },
      1,
    );
    const answered = [
      await ana.agent.post('client/quizz/add', { quizz: answers('Hombre') }, { backend: 0 }),
      await beto.agent.post('client/quizz/add', { quizz: answers('Mujer') }, { backend: 1 }),
    ];
    expect(answered.map((response) => response.statusCode)).toEqual([200, 200]);

    // Their pairs with other clients of a fitting age (gender misfits, 2) are listed too: find theirs.
    const theirs = (list: QuizPair[]) =>
      list.find(
        (item) => item.client_a === Math.min(ana.id, beto.id) && item.client_b === Math.max(ana.id, beto.id),
      );
    for (const backend of BACKENDS) {
      await waitFor(
        `the pair on backend ${backend}`,
        () => quizPairs(family, backend),
        (list) => (theirs(list)?.score ?? 0) >= 4,
      );
    }

    // Beto now looks for a man: a gender misfit, so the pair stays at 2, whichever instance is asked.
    const changed = await beto.agent.post('client/quizz/add', { quizz: answers('Hombre') }, { backend: 0 });
    expect(changed.statusCode).toBe(200);
    for (const backend of BACKENDS) {
      await waitFor(
        `the pair at 2 on backend ${backend}`,
        () => quizPairs(family, backend),
        (list) => theirs(list)?.score === 2,
      );
    }
  });
});

describe('"Para ti" when the quiz is answered through different instances', () => {
  interface Person {
    client_id: number;
    percent: number;
  }

  it('lists each one for the other through either instance, and follows a re-answer made through one', async () => {
    const family = `Afin${Math.random().toString(36).slice(2, 8)}`;
    const birthday = birthdayYearsAgo(32);
    const ana = await loggedInClient(store, { first_name: 'Ana', last_name: family, gender: 1, birthday }, 0);
    const beto = await loggedInClient(
      store,
      { first_name: 'Beto', last_name: family, gender: 2, birthday },
      1,
    );
    for (const person of [ana, beto]) await insertAdvert(store, person.id);
    // Both instances have loaded their lists before the answers exist: they must catch up.
    for (const backend of BACKENDS) {
      expect((await ana.agent.post('client/compatible/get', {}, { backend })).statusCode).toBe(409);
    }
    const answered = [
      await ana.agent.post(
        'client/quizz/add',
        { quizz: { ...answers('Hombre'), q_5: 'No importa' } },
        { backend: 0 },
      ),
      await beto.agent.post(
        'client/quizz/add',
        { quizz: { ...answers('Mujer'), q_5: 'No importa' } },
        { backend: 1 },
      ),
    ];
    expect(answered.map((response) => response.statusCode)).toEqual([200, 200]);

    const percentWith = async (reader: typeof ana, other: number, backend: number) => {
      const response = await reader.agent.post<{ people: Person[] }>(
        'client/compatible/get',
        {},
        { backend },
      );
      expect(response.statusCode).toBe(200);
      return response.body.people.find((person) => person.client_id === other)?.percent;
    };
    let before = 0;
    for (const backend of BACKENDS) {
      before = await waitFor(
        `Beto in Ana's list on backend ${backend}`,
        () => percentWith(ana, beto.id, backend),
        (percent) => percent !== undefined,
      ).then((percent) => percent!);
    }

    // Beto changes his mind on children and smoking through instance 0: his own list there shows it
    // at once, Ana's through instance 1 within the minute design §17 allows.
    const changed = await beto.agent.post(
      'client/quizz/add',
      { quizz: { ...answers('Mujer'), q_5: 'No importa', q_6: 'No quiero tener', q_11: 'Sí, fumo' } },
      { backend: 0 },
    );
    expect(changed.statusCode).toBe(200);
    expect(await percentWith(beto, ana.id, 0)).toBeLessThan(before);
    await waitFor(
      'the new percent in Ana’s list on backend 1',
      () => percentWith(ana, beto.id, 1),
      (percent) => percent !== undefined && percent < before,
      60_000,
    );
  });
});
