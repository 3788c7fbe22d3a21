import type { FastifyInstance } from 'fastify';
import {
  BIRTHDAY_NEEDED,
  COMPATIBLE_PAGE_SIZE,
  type CompatiblePerson,
  QUIZ_NEEDED,
} from '../../shared/contracts/compatible';
import { compatibilityReasons } from '../../shared/domain/compatibility-reasons';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { publicName } from '../../shared/domain/people';
import { QUESTION_KEYS, type QuizAnswers } from '../../shared/domain/quiz-questions';
import { approvedPhotos } from '../photos/photo-sources';
import type { DB } from '../platform/db/database';
import { conflict } from '../platform/errors';
import { ageOnDay } from '../platform/time';
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
 * The caller's "Para ti" (design.md §16): her best partners from the engine, each checked against the
 * database as /personas shows people (a published advert of an active member), narrowed by age, one
 * page with her percent and the reasons. 409 when she has no list: no quiz, or no birthday.
 */
export async function listCompatiblePeople(
  app: FastifyInstance,
  clientId: number,
  options: { page: number; ageMin?: number; ageMax?: number },
): Promise<{ people: CompatiblePerson[]; total: number }> {
  const best = await app.partners.bestOf(clientId);
  if (best === null) {
    const own = await answersOf(app.db, [clientId]);
    throw conflict(own.has(clientId) ? BIRTHDAY_NEEDED : QUIZ_NEEDED);
  }
  if (best.length === 0) return { people: [], total: 0 };
  const rows = await visibleAdverts(app.db)
    .where(
      'clients.id',
      'in',
      best.map((partner) => partner.client_id),
    )
    .select(PUBLIC_ADVERT_COLUMNS)
    .execute();
  const byClient = new Map(rows.map((row) => [row.client_id, row]));
  const today = dayInMexicoCity();
  const { ageMin = 0, ageMax = Number.POSITIVE_INFINITY } = options;
  const fitting = best.flatMap((partner) => {
    const row = byClient.get(partner.client_id);
    if (row === undefined) return [];
    const age = ageOnDay(row.birthday, today);
    if (age === null || age < ageMin || age > ageMax) return [];
    return [{ partner, row, age }];
  });
  const start = (options.page - 1) * COMPATIBLE_PAGE_SIZE;
  const page = fitting.slice(start, start + COMPATIBLE_PAGE_SIZE);
  const ids = page.map(({ row }) => row.client_id);
  const [photos, answers] = await Promise.all([
    approvedPhotos(app.db, ids, 'member'),
    answersOf(app.db, [clientId, ...ids]),
  ]);
  const own = answers.get(clientId);
  return {
    total: fitting.length,
    people: page.map(({ partner, row, age }) => {
      const theirs = answers.get(row.client_id);
      return {
        client_id: row.client_id,
        advert_id: row.id,
        name: publicName(row.first_name, row.last_name),
        age,
        gender: row.gender,
        occupation: row.occupation,
        description: row.description,
        photo: photos.get(row.client_id)?.photo ?? null,
        photos: photos.get(row.client_id)?.photos ?? [],
        percent: partner.percent,
        reasons: own && theirs ? compatibilityReasons(own, theirs) : [],
      };
    }),
  };
}
