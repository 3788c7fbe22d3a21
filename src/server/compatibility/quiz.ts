import { QUESTION_KEYS, type QuizAnswers } from '../../shared/domain/quiz-questions';
import type { DB } from '../platform/db/database';
import { nowIso } from '../platform/time';
import { recordScoringChange } from './matching-service';

/** Stores (or replaces) the client's 20 answers and tells the compatibility engine, atomically. */
export async function saveQuizAnswers(db: DB, clientId: number, answers: QuizAnswers): Promise<void> {
  const values = Object.fromEntries(QUESTION_KEYS.map((key) => [key, answers[key]])) as QuizAnswers;
  const updatedAt = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('quiz_answers')
      .values({ client_id: clientId, ...values, updated_at: updatedAt })
      .onConflict((oc) => oc.column('client_id').doUpdateSet({ ...values, updated_at: updatedAt }))
      .execute();
    await recordScoringChange(trx, clientId);
  });
}

/** The client's saved answers as the specification's quizz {client_id, q_1…q_20}, or null. */
export async function findQuizAnswers(
  db: DB,
  clientId: number,
): Promise<({ client_id: number } & QuizAnswers) | null> {
  const row = await db
    .selectFrom('quiz_answers')
    .select(['client_id', ...QUESTION_KEYS])
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return (row as ({ client_id: number } & QuizAnswers) | undefined) ?? null;
}
