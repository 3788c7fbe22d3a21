import type { FastifyInstance } from 'fastify';
import { QUIZ_QUESTIONS } from '../../../src/shared/domain/quiz-questions';
import { FIXTURE_PASSWORD, insertClient } from '../../support/admin-fixtures';
import type { Agent, TestApp } from '../../support/test-app';

/** A fresh active client logged in on its own agent. */
export async function loggedInClient(
  testApp: TestApp,
  values: Parameters<typeof insertClient>[1] = {},
): Promise<{ agent: Agent; id: number; email: string }> {
  const client = await insertClient(testApp.app, values);
  const agent = testApp.agent();
  await agent.loginClient(client.email, FIXTURE_PASSWORD);
  return { agent, ...client };
}

export async function setEventStatus(app: FastifyInstance, eventId: number, statusId: number): Promise<void> {
  await app.db.updateTable('events').set({ status_id: statusId }).where('id', '=', eventId).execute();
}

/** Every question answered with its option at `pick` (wrapping), as the body's q_1…q_20. */
export function quizAnswers(pick = 0): Record<string, string> {
  return Object.fromEntries(
    QUIZ_QUESTIONS.map((question) => [question.key, question.options[pick % question.options.length]!.text]),
  );
}
