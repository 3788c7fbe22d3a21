import { describe, expect, it } from 'vitest';
import { recordScoringChange } from '../../../src/server/compatibility/matching-service';
import { QUIZ_QUESTIONS } from '../../../src/shared/domain/quiz-questions';
import { insertClient } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ loginAdmin: true });
const { admin } = testApp;

async function answerQuiz(clientId: number, q1: string, q2: string) {
  const answers: Record<string, string> = {};
  for (const question of QUIZ_QUESTIONS) answers[question.key] = question.options[0].text;
  answers.q_1 = q1;
  answers.q_2 = q2;
  await testApp.app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('quiz_answers')
      .values({ client_id: clientId, ...answers, updated_at: new Date().toISOString() } as never)
      .execute();
    await recordScoringChange(trx, clientId);
  });
}

describe('admin/matches: interests', () => {
  it('lists one-way pairs and each mutual pair once', async () => {
    const response = await admin.post<{ matches: any[]; total: number }>('admin/matches', {
      tab: 'interests',
    });
    expect(response.statusCode).toBe(200);
    const mutual = response.body.matches.filter((match) => match.mutual);
    // Demo: 6 one-way interests and 4 mutual pairs, plus the 2 pairs of the past speed-dating night.
    expect(response.body.total).toBe(12);
    expect(mutual).toHaveLength(6);
    const keys = mutual.map((match) => [match.client_a_id, match.client_b_id].sort().join('-'));
    expect(new Set(keys).size).toBe(6);
  });

  it('gives each person of a pair their gender and marks, for the badges', async () => {
    const response = await admin.post<{ matches: any[] }>('admin/matches', { tab: 'interests' });
    const genders = new Map(
      (await testApp.app.db.selectFrom('clients').select(['id', 'gender']).execute()).map((row) => [
        row.id,
        row.gender,
      ]),
    );
    for (const match of response.body.matches) {
      expect(match.client_a_gender).toBe(genders.get(match.client_a_id));
      expect(match.client_b_gender).toBe(genders.get(match.client_b_id));
      expect(match.client_a_verified).toEqual({
        in_person: expect.toBeOneOf([null, expect.any(String)]),
        photo: expect.any(Boolean),
      });
    }
  });

  it('keeps the specification shape: { admin_id } reads the matches', async () => {
    const adminId = await admin.loginAdmin();
    const response = await admin.post<{ matches: any[] }>('admin/matches', { admin_id: adminId });
    expect(response.statusCode).toBe(200);
    expect(response.body.matches.length).toBeGreaterThan(0);
  });

  it('searches by either name, case-insensitively', async () => {
    const response = await admin.post<{ matches: any[] }>('admin/matches', {
      tab: 'interests',
      search: 'mARIANA',
    });
    expect(response.body.matches.length).toBeGreaterThan(0);
    for (const match of response.body.matches)
      expect(`${match.client_a} ${match.client_b}`).toContain('Mariana');
    const none = await admin.post<{ matches: any[]; total: number }>('admin/matches', {
      tab: 'interests',
      search: 'nadie-así',
    });
    expect(none.body.total).toBe(0);
  });

  it('reads both people of a match with their private details', async () => {
    const list = await admin.post<{ matches: any[] }>('admin/matches', { tab: 'interests' });
    const response = await admin.post<{ match: any }>('admin/matches', { match_id: list.body.matches[0].id });
    for (const person of [response.body.match.client_a, response.body.match.client_b]) {
      expect(person).toEqual(
        expect.objectContaining({
          name: expect.any(String),
          email: expect.any(String),
          phone: expect.any(String),
        }),
      );
      expect(person).toHaveProperty('birthday');
      expect(person).toHaveProperty('instagram');
      expect(person).toHaveProperty('age');
    }
  });

  it('marks a mutual pair contacted on both of its rows, and it persists', async () => {
    const list = await admin.post<{ matches: any[] }>('admin/matches', { tab: 'interests' });
    const pair = list.body.matches.find((match) => match.mutual);
    const response = await admin.post('admin/matches', { id: pair.id, contacted: 1 });
    expect(response.statusCode).toBe(200);
    const rows = await testApp.app.db
      .selectFrom('interests')
      .select('contacted')
      .where('client_id', 'in', [pair.client_a_id, pair.client_b_id])
      .where('target_client_id', 'in', [pair.client_a_id, pair.client_b_id])
      .execute();
    expect(rows.map((row) => row.contacted)).toEqual([1, 1]);
    const again = await admin.post<{ matches: any[] }>('admin/matches', { tab: 'interests' });
    expect(again.body.matches.find((match) => match.id === pair.id).contacted).toBe(1);
  });
});

describe('admin/matches: quiz pairs', () => {
  it('lists compatible pairs highest percent first, with names, and pages on the server', async () => {
    const response = await admin.post<{ quiz_pairs: any[]; total: number; page_size: number }>(
      'admin/matches',
      {
        tab: 'quiz',
      },
    );
    expect(response.statusCode).toBe(200);
    const percents = response.body.quiz_pairs.map((pair) => pair.percent);
    expect([...percents].sort((a, b) => b - a)).toEqual(percents);
    expect(response.body.quiz_pairs.length).toBeLessThanOrEqual(response.body.page_size);
    for (const pair of response.body.quiz_pairs) expect(pair.client_a).toBeLessThan(pair.client_b);
  });

  it('scores a pair whose ages and genders fit each other at 20 %', async () => {
    const ana = await insertClient(testApp.app, { first_name: 'Quizana', gender: 1, birthday: '1995-01-01' });
    const beto = await insertClient(testApp.app, {
      first_name: 'Quizbeto',
      gender: 2,
      birthday: '1996-01-01',
    });
    await answerQuiz(ana.id, 'Hombre', '30-35');
    await answerQuiz(beto.id, 'Mujer', '30-35');
    const response = await admin.post<{ quiz_pairs: any[] }>('admin/matches', {
      tab: 'quiz',
      search: 'quizana',
    });
    const pair = response.body.quiz_pairs.find((item) => item.client_b === beto.id);
    expect(pair).toMatchObject({
      client_a: ana.id,
      client_a_name: 'Quizana Prueba',
      score: 4,
      percent: 20,
      contacted: 0,
    });
  });

  it('lists a pair whose ages fit but whose genders do not at 10 %, below every other pair', async () => {
    const eva = await insertClient(testApp.app, {
      first_name: 'Misfiteva',
      gender: 1,
      birthday: '1994-03-01',
    });
    const flor = await insertClient(testApp.app, {
      first_name: 'Misfitflor',
      gender: 1,
      birthday: '1993-03-01',
    });
    // Both women looking for a man (spec §9 step 2: the score stays at 2).
    await answerQuiz(eva.id, 'Hombre', '30-35');
    await answerQuiz(flor.id, 'Hombre', '30-35');
    const response = await admin.post<{ quiz_pairs: any[]; total: number; unpaired: unknown[] }>(
      'admin/matches',
      { tab: 'quiz', search: 'misfiteva' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.body.unpaired).toEqual([]);
    const pairs = response.body.quiz_pairs;
    expect(pairs.find((pair) => pair.client_b === flor.id)).toMatchObject({
      client_a: eva.id,
      score: 2,
      percent: 10,
    });
    const firstMisfit = pairs.findIndex((pair) => pair.score === 2);
    expect(pairs.slice(firstMisfit).every((pair) => pair.score === 2)).toBe(true);

    // Unfiltered, it is the first pair at 10 % (ties go to the newest): after every pair of 4 and more.
    const listed: [number, number, number][] = [];
    for (let page = 1; !listed.some(([, , score]) => score === 2); page++) {
      const next = await admin.post<{ quiz_pairs: any[]; total: number; total_estimated: boolean }>(
        'admin/matches',
        { tab: 'quiz', page },
      );
      expect(next.body.total_estimated).toBe(false);
      if (next.body.quiz_pairs.length === 0) break;
      listed.push(
        ...next.body.quiz_pairs.map((pair): [number, number, number] => [
          pair.client_a,
          pair.client_b,
          pair.score,
        ]),
      );
    }
    const misfitAt = listed.findIndex(([, , score]) => score === 2);
    expect(listed[misfitAt]).toEqual([eva.id, flor.id, 2]);
    expect(listed.slice(0, misfitAt).every(([, , score]) => score >= 4)).toBe(true);
  });

  it('shows the pairs of the 20 newest people a broad search names, and says so', async () => {
    const crowd: number[] = [];
    for (let i = 0; i < 21; i++) {
      const person = await insertClient(testApp.app, {
        first_name: 'Multitud',
        gender: i % 2 === 0 ? 1 : 2,
        birthday: '1994-05-01',
      });
      await answerQuiz(person.id, i % 2 === 0 ? 'Hombre' : 'Mujer', '30-35');
      crowd.push(person.id);
    }
    const response = await admin.post<{ quiz_pairs: any[]; total: number; search_limited: boolean }>(
      'admin/matches',
      { tab: 'quiz', search: 'multitud' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.body.search_limited).toBe(true);
    const shown = new Set(crowd.slice(1));
    expect(
      response.body.quiz_pairs.every((pair) => shown.has(pair.client_a) || shown.has(pair.client_b)),
    ).toBe(true);
    // The oldest of the 21 appears only through the pairs of the newer ones.
    const oldest = response.body.quiz_pairs.filter(
      (pair) => pair.client_a === crowd[0] || pair.client_b === crowd[0],
    );
    expect(
      oldest.every((pair) => shown.has(pair.client_a === crowd[0] ? pair.client_b : pair.client_a)),
    ).toBe(true);
    const narrow = await admin.post<{ search_limited: boolean }>('admin/matches', {
      tab: 'quiz',
      search: 'quizana',
    });
    expect(narrow.body.search_limited).toBe(false);
  });

  it('finds a quiz pair by a name typed without its accents or in capitals', async () => {
    const ines = await insertClient(testApp.app, {
      first_name: 'Inés',
      last_name: 'Quizárraga',
      gender: 1,
      birthday: '1994-01-01',
    });
    const raul = await insertClient(testApp.app, { first_name: 'Raúl', gender: 2, birthday: '1993-01-01' });
    await answerQuiz(ines.id, 'Hombre', '30-35');
    await answerQuiz(raul.id, 'Mujer', '30-35');
    for (const search of ['INES QUIZARRAGA', 'quizárraga', ines.email.toUpperCase()]) {
      const response = await admin.post<{ quiz_pairs: any[] }>('admin/matches', { tab: 'quiz', search });
      expect(response.statusCode).toBe(200);
      expect(response.body.quiz_pairs.map((pair) => [pair.client_a, pair.client_b])).toContainEqual([
        ines.id,
        raul.id,
      ]);
    }
  });

  it('shows both clients answers and marks the pair contacted persistently', async () => {
    const a = await insertClient(testApp.app, {
      first_name: 'Respuestas',
      gender: 1,
      birthday: '1995-01-01',
    });
    const b = await insertClient(testApp.app, { first_name: 'Otra', gender: 2, birthday: '1995-01-01' });
    await answerQuiz(a.id, 'Hombre', '30-35');
    await answerQuiz(b.id, 'Mujer', '30-35');
    const details = await admin.post<{ quiz_pair: any }>('admin/matches', {
      quiz_pair: { client_a: a.id, client_b: b.id },
    });
    expect(details.body.quiz_pair.client_a.answers).toHaveLength(20);
    expect(details.body.quiz_pair.client_a.answers[0]).toEqual({
      question: QUIZ_QUESTIONS[0].text,
      answer: 'Hombre',
    });
    expect(details.body.quiz_pair.client_b).toMatchObject({ gender: 2, phone: expect.any(String) });

    const marked = await admin.post('admin/matches', {
      quiz_contacted: { client_a: b.id, client_b: a.id, contacted: 1 },
    });
    expect(marked.statusCode).toBe(200);
    const list = await admin.post<{ quiz_pairs: any[] }>('admin/matches', {
      tab: 'quiz',
      search: 'respuestas',
    });
    expect(list.body.quiz_pairs.find((pair) => pair.client_b === b.id).contacted).toBe(1);
  });
});

describe('admin/matches: quiz pairs follow client changes', () => {
  it('drops a deleted client from the quiz pairs and brings them back on reactivation', async () => {
    const ana = await insertClient(testApp.app, {
      first_name: 'Borrable',
      gender: 1,
      birthday: '1995-01-01',
    });
    const beto = await insertClient(testApp.app, { first_name: 'Pareja', gender: 2, birthday: '1995-06-01' });
    await answerQuiz(ana.id, 'Hombre', '30-35');
    await answerQuiz(beto.id, 'Mujer', '30-35');
    const listed = async () =>
      (
        await admin.post<{ quiz_pairs: any[] }>('admin/matches', { tab: 'quiz', search: 'borrable' })
      ).body.quiz_pairs.filter((pair) => pair.client_a === ana.id && pair.client_b === beto.id);
    expect(await listed()).toHaveLength(1);
    await admin.post('admin/clients/update', { client: { id: ana.id, status_id: 2 } });
    expect(await listed()).toHaveLength(0);
    await admin.post('admin/clients/update', { client: { id: ana.id, status_id: 1 } });
    expect(await listed()).toHaveLength(1);
  });

  it('keeps the specification shape: { admin_id } also reads quiz, the clients with answers and age', async () => {
    const response = await admin.post<{ matches: any[]; quiz: any[] }>('admin/matches', {});
    expect(response.body.matches.length).toBeGreaterThan(0);
    expect(response.body.quiz.length).toBeGreaterThan(0);
    expect(response.body.quiz[0]).toMatchObject({ client_id: expect.any(Number), age: expect.any(Number) });
    expect(response.body.quiz[0].q_20).toEqual(expect.any(String));
  });
});
