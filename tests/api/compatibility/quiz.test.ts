import { describe, expect, it } from 'vitest';
import { QUIZ_QUESTIONS } from '../../../src/shared/domain/quiz-questions';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient, quizAnswers } from '../events/helpers';

const testApp = setUpTestApp({ loginAdmin: true });
const { admin } = testApp;

async function storedAnswers(clientId: number) {
  return testApp.app.db.selectFrom('quiz_answers').selectAll().where('client_id', '=', clientId).execute();
}

describe('quizz/questions', () => {
  it('gives the 20 questions with option ids 1 to 73 in order, to anyone', async () => {
    const response = await testApp.agent().post<{ questions: any[] }>('quizz/questions', {});
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    const { questions } = response.body;
    expect(questions.map((question) => question.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const optionIds = questions.flatMap((question) => question.options.map((option: any) => option.id));
    expect(optionIds).toEqual(Array.from({ length: 73 }, (_, i) => i + 1));
    expect(questions[0]).toEqual({
      id: 1,
      text: QUIZ_QUESTIONS[0].text,
      options: QUIZ_QUESTIONS[0].options.map(({ id, text }) => ({ id, text })),
    });
  });
});

describe('client/quizz/add', () => {
  it('stores the 20 answers and answers success', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const response = await agent.post('client/quizz/add', { quizz: { client_id: id, ...quizAnswers(0) } });
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    const [row] = await storedAnswers(id);
    expect(row).toMatchObject(quizAnswers(0));
  });

  it('refuses an answer that is not an option of its question, naming the question', async () => {
    const { agent, id } = await loggedInClient(testApp);
    // 'Mujer' is an option of question 1, not of question 7.
    const response = await agent.post('client/quizz/add', { quizz: { ...quizAnswers(0), q_7: 'Mujer' } });
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toContain('pregunta 7');
    expect(await storedAnswers(id)).toHaveLength(0);
  });

  it('refuses a quiz with a missing answer, naming it, and stores nothing', async () => {
    const { agent, id } = await loggedInClient(testApp);
    const { q_20: _missing, ...nineteen } = quizAnswers(1);
    const response = await agent.post('client/quizz/add', { quizz: nineteen });
    expect(response.statusCode).toBe(400);
    expect(response.body.message).toContain('pregunta 20');
    expect(await storedAnswers(id)).toHaveLength(0);
  });

  it('overwrites the previous answers on a re-answer', async () => {
    const { agent, id } = await loggedInClient(testApp);
    await agent.post('client/quizz/add', { quizz: quizAnswers(0) });
    const response = await agent.post('client/quizz/add', { quizz: quizAnswers(1) });
    expect(response.statusCode).toBe(200);
    const rows = await storedAnswers(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(quizAnswers(1));
  });

  it('answers 401 to a visitor and 403 for another client id inside quizz', async () => {
    const visitor = await testApp.agent().post('client/quizz/add', { quizz: quizAnswers(0) });
    expect(visitor.statusCode).toBe(401);
    const me = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const response = await me.agent.post('client/quizz/add', {
      quizz: { client_id: other.id, ...quizAnswers(0) },
    });
    expect(response.statusCode).toBe(403);
    expect(await storedAnswers(other.id)).toHaveLength(0);
    expect(await storedAnswers(me.id)).toHaveLength(0);
  });

  it('moves the compatibility pairs when a client re-answers', async () => {
    const ana = await loggedInClient(testApp, { first_name: 'Recalculo', gender: 1, birthday: '1994-03-01' });
    const beto = await loggedInClient(testApp, { first_name: 'Pareja', gender: 2, birthday: '1993-05-01' });
    const fitting = (lookingFor: string) => ({ ...quizAnswers(0), q_1: lookingFor, q_2: '30-35' });
    await ana.agent.post('client/quizz/add', { quizz: fitting('Hombre') });
    await beto.agent.post('client/quizz/add', { quizz: fitting('Mujer') });
    const pairOf = async () => {
      const response = await admin.post<{ quiz_pairs: any[] }>('admin/matches', {
        tab: 'quiz',
        search: 'recalculo',
      });
      return response.body.quiz_pairs.find((pair) => pair.client_a === ana.id && pair.client_b === beto.id);
    };
    const before = await pairOf();
    expect(before.percent).toBeGreaterThan(0);

    // Looking for another gender and an age range beto is not in: the age rule fails, score 0.
    await ana.agent.post('client/quizz/add', { quizz: { ...fitting('Mujer'), q_2: '45-50' } });
    const after = await pairOf();
    expect(after?.percent ?? 0).toBeLessThan(before.percent);
  });
});
