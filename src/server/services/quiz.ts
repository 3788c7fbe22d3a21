import { QUESTION_KEYS, type QuizAnswers } from '../../shared/domain/quiz-questions';
import type { DB } from '../db/database';
import { recordScoringChange } from './matching/matching-service';
import { nowIso } from './time';

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
