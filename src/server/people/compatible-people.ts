import type { FastifyInstance } from 'fastify';
import { COMPATIBLE_PAGE_SIZE, type CompatiblePerson } from '../../shared/contracts/compatible';
import { BIRTHDAY_NEEDED, QUIZ_NEEDED } from '../../shared/domain/compatibility';
import { compatibilityReasons } from '../../shared/domain/compatibility-reasons';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { publicName } from '../../shared/domain/people';
import { QUESTION_KEYS, type QuizAnswers } from '../../shared/domain/quiz-questions';
import { isVerified } from '../../shared/domain/verification';
import { findQuizAnswers } from '../compatibility/quiz';
import { approvedPhotos } from '../photos/photo-sources';
import type { DB } from '../platform/db/database';
import { conflict } from '../platform/errors';
import { ageOnDay } from '../platform/time';
import { verifiedMarks } from '../verification/verified-marks';
import { PUBLIC_ADVERT_COLUMNS, visibleAdverts } from './adverts';

async function answersOf(db: DB, clientIds: number[]): Promise<Map<number, QuizAnswers>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('quiz_answers')
    .select(['client_id', ...QUESTION_KEYS])
    .where('client_id', 'in', clientIds)
    .execute();
  return new Map(rows.map(({ client_id, ...answers }) => [client_id, answers as QuizAnswers]));
}

/**
 * The caller's "Para ti" (docs/design/16-para-ti.md): her best partners from the engine narrowed by age, one page
 * of them read as /personas shows people (a published advert of an active member), with her percent
 * and the reasons. 409 when she has no list: no quiz, or no birthday.
 */
export async function listCompatiblePeople(
  app: FastifyInstance,
  clientId: number,
  options: { page: number; ageMin?: number; ageMax?: number; onlyVerified?: boolean },
): Promise<{ people: CompatiblePerson[]; total: number }> {
  const best = await app.partners.bestOf(clientId);
  if (best === null) {
    throw conflict((await findQuizAnswers(app.db, clientId)) ? BIRTHDAY_NEEDED : QUIZ_NEEDED);
  }
  // The engine knows each partner's age and that her advert is published (both follow
  // scoring_changes, read before answering): only the page's people are read from the database.
  const { ageMin = 0, ageMax = Number.POSITIVE_INFINITY } = options;
  let fitting = best.filter((partner) => partner.age >= ageMin && partner.age <= ageMax);
  if (options.onlyVerified) {
    const marks = await verifiedMarks(
      app.db,
      fitting.map((partner) => partner.client_id),
    );
    fitting = fitting.filter((partner) => isVerified(marks(partner.client_id)));
  }
  const start = (options.page - 1) * COMPATIBLE_PAGE_SIZE;
  const page = fitting.slice(start, start + COMPATIBLE_PAGE_SIZE);
  if (page.length === 0) return { people: [], total: fitting.length };
  const ids = page.map((partner) => partner.client_id);
  const [rows, photos, answers, verifiedOf] = await Promise.all([
    visibleAdverts(app.db).where('clients.id', 'in', ids).select(PUBLIC_ADVERT_COLUMNS).execute(),
    approvedPhotos(app.db, ids, 'member'),
    answersOf(app.db, [clientId, ...ids]),
    verifiedMarks(app.db, ids),
  ]);
  const byClient = new Map(rows.map((row) => [row.client_id, row]));
  const today = dayInMexicoCity();
  const own = answers.get(clientId);
  return {
    total: fitting.length,
    // Someone hidden or gone since the engine's last look is left out of this page.
    people: page.flatMap((partner) => {
      const row = byClient.get(partner.client_id);
      if (row === undefined) return [];
      const theirs = answers.get(row.client_id);
      return [
        {
          client_id: row.client_id,
          advert_id: row.id,
          name: publicName(row.first_name, row.last_name),
          age: ageOnDay(row.birthday, today),
          gender: row.gender,
          occupation: row.occupation,
          description: row.description,
          photo: photos.get(row.client_id)?.photo ?? null,
          photos: photos.get(row.client_id)?.photos ?? [],
          verified: verifiedOf(row.client_id),
          percent: partner.percent,
          reasons: own && theirs ? compatibilityReasons(own, theirs) : [],
        },
      ];
    }),
  };
}
