import type { FastifyInstance } from 'fastify';
import { ADMIN_PAGE_SIZE } from '../../shared/contracts/admin';
import type { QuizPairsResponse, QuizPerson } from '../../shared/contracts/admin-matches';
import { dayInMexicoCity } from '../../shared/domain/mexico-time';
import { QUESTION_KEYS, QUIZ_QUESTIONS } from '../../shared/domain/quiz-questions';
import { CLIENT_STATUS } from '../../shared/domain/statuses';
import { recordAudit } from '../platform/audit';
import { boundedTotal } from '../platform/db/bounded-total';
import type { DB } from '../platform/db/database';
import { badRequest, notFound } from '../platform/errors';
import { ageOnDay } from '../platform/time';
import { listQuizPairs } from './quiz-pairs';

/** One page of the admin's quiz tab: the engine's pairs with names and the admins' contacted marks. */
export async function listQuizPairPage(
  app: FastifyInstance,
  search: string | undefined,
  page: number,
): Promise<Omit<QuizPairsResponse, 'status' | 'message' | 'page' | 'page_size'>> {
  const { pairs, total, more, unpaired, search_limited } = await listQuizPairs(app, {
    search,
    offset: (page - 1) * ADMIN_PAGE_SIZE,
    limit: ADMIN_PAGE_SIZE,
  });
  const ids = [...new Set(pairs.flatMap((pair) => [pair.client_a, pair.client_b]))];
  const names = new Map<number, string>();
  const contacted = new Set<string>();
  if (ids.length > 0) {
    const clients = await app.db
      .selectFrom('clients')
      .select(['id', 'first_name', 'last_name'])
      .where('id', 'in', ids)
      .execute();
    for (const client of clients) names.set(client.id, `${client.first_name} ${client.last_name}`);
    const contacts = await app.db
      .selectFrom('quiz_pair_contacts')
      .select(['client_a', 'client_b'])
      .where('client_a', 'in', ids)
      .where('contacted', '=', 1)
      .execute();
    for (const contact of contacts) contacted.add(`${contact.client_a}:${contact.client_b}`);
  }
  return {
    total,
    total_estimated: more,
    unpaired,
    search_limited,
    quiz_pairs: pairs.map((pair) => ({
      ...pair,
      answers: pair.score,
      client_a_name: names.get(pair.client_a) ?? '',
      client_b_name: names.get(pair.client_b) ?? '',
      contacted: contacted.has(`${pair.client_a}:${pair.client_b}`) ? 1 : 0,
    })),
  };
}

async function quizPerson(db: DB, clientId: number): Promise<QuizPerson> {
  const row = await db
    .selectFrom('clients')
    .innerJoin('quiz_answers', 'quiz_answers.client_id', 'clients.id')
    .selectAll('quiz_answers')
    .select([
      'clients.id',
      'clients.first_name',
      'clients.last_name',
      'clients.gender',
      'clients.birthday',
      'clients.phone',
    ])
    .where('clients.id', '=', clientId)
    .executeTakeFirst();
  if (!row) throw notFound('Este cliente no ha respondido el quiz');
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`,
    gender: row.gender,
    age: ageOnDay(row.birthday, dayInMexicoCity()),
    phone: row.phone,
    answers: QUIZ_QUESTIONS.map((question) => ({ question: question.text, answer: row[question.key] })),
  };
}

export async function findQuizPair(
  db: DB,
  pair: { client_a: number; client_b: number },
): Promise<{ client_a: QuizPerson; client_b: QuizPerson }> {
  return { client_a: await quizPerson(db, pair.client_a), client_b: await quizPerson(db, pair.client_b) };
}

/** Quiz pairs are stored ordered (client_a < client_b), so either order names the same pair. */
export async function setQuizPairContacted(
  db: DB,
  adminId: number,
  pair: { client_a: number; client_b: number; contacted: 0 | 1 },
): Promise<void> {
  if (pair.client_a === pair.client_b) throw badRequest('Un par necesita dos clientes distintos');
  const clientA = Math.min(pair.client_a, pair.client_b);
  const clientB = Math.max(pair.client_a, pair.client_b);
  await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('clients')
      .select('id')
      .where('id', 'in', [clientA, clientB])
      .execute();
    if (found.length !== 2) throw notFound('El cliente no existe');
    await trx
      .insertInto('quiz_pair_contacts')
      .values({ client_a: clientA, client_b: clientB, contacted: pair.contacted })
      .onConflict((oc) => oc.columns(['client_a', 'client_b']).doUpdateSet({ contacted: pair.contacted }))
      .execute();
    await recordAudit(trx, {
      adminId,
      action: 'quiz_pair.contacted',
      entity: 'quiz_pair',
      entityId: null,
      after: { client_a: clientA, client_b: clientB, contacted: pair.contacted },
    });
  });
}

/**
 * The specification's `quiz` field, given only to the call in the specification's shape (the back
 * office pages pairs through `tab: 'quiz'`): the first page of active quiz respondents
 * (ADMIN_PAGE_SIZE, by id) and their bounded count, never all of them (600 000 made a 377 MB
 * answer, docs/design/17-million.md).
 */
export async function listQuizRespondents(db: DB) {
  const today = dayInMexicoCity();
  const query = db
    .selectFrom('quiz_answers')
    .innerJoin('clients', 'clients.id', 'quiz_answers.client_id')
    .where('clients.status_id', '=', CLIENT_STATUS.active);
  const counted = await boundedTotal(db, query);
  const rows = await query
    .select(['clients.id', 'clients.first_name', 'clients.last_name', 'clients.gender', 'clients.birthday'])
    .select(QUESTION_KEYS.map((key) => `quiz_answers.${key}` as const))
    .orderBy('clients.id')
    .limit(ADMIN_PAGE_SIZE)
    .execute();
  return {
    quiz_total: counted.total,
    quiz_total_estimated: counted.total_estimated,
    quiz: rows.map(({ id, first_name, last_name, gender, birthday, ...answers }) => ({
      client_id: id,
      name: `${first_name} ${last_name}`,
      gender,
      age: ageOnDay(birthday, today),
      ...answers,
    })),
  };
}
