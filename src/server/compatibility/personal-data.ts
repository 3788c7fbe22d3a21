import type { PersonalDataDeclaration } from '../platform/personal-data';
import { recordScoringChange } from './matching-service';

/**
 * The member's quiz answers. scoring_changes only notes that someone's scoring inputs changed (an
 * id and a time, for the engines of every instance): not shown, and erasure adds one more.
 */
export const matchingPersonalData: PersonalDataDeclaration = {
  domain: 'matching',
  tables: {
    quiz_answers: { client_id: 'delete' },
    scoring_changes: {
      client_id: {
        keep: "an id and a time that tell every instance's engine to drop her pairs; erasure adds one",
      },
    },
  },

  async exportSections(db, clientId) {
    const quiz = await db
      .selectFrom('quiz_answers')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    return { quiz_answers: quiz ?? null };
  },

  async erase(trx, clientId) {
    await trx.deleteFrom('quiz_answers').where('client_id', '=', clientId).execute();
    await recordScoringChange(trx, clientId);
  },
};
