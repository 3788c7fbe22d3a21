import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticClients } from '../../../bench/synthetic-clients';
import { BEST_PARTNERS, SITE_PAIRS } from '../../../src/server/compatibility/best-partners';
import { PartnersService, recordScoringChange } from '../../../src/server/compatibility/matching-service';
import { ageOn, computeAllPairsNaive, type ScoringClient } from '../../../src/shared/domain/compatibility';
import { QUESTION_KEYS } from '../../../src/shared/domain/quiz-questions';
import { type StartedTestApp, startTestApp } from '../../support/test-app';

let testApp: StartedTestApp;
beforeAll(async () => {
  testApp = await startTestApp({ seedDemo: false });
  const db = testApp.app.db;
  const year = new Date().getFullYear();
  for (const client of syntheticClients(160, 7)) {
    const { id } = await db
      .insertInto('clients')
      .values({
        first_name: `Sintético${client.id}`,
        last_name: 'Prueba',
        email: `sintetico${client.id}@example.mx`,
        phone: '',
        search_text: `sintetico${client.id} prueba`,
        birthday: client.age === null ? null : `${year - client.age - 1}-01-01`,
        gender: client.gender,
        occupation: '',
        instagram: '',
        password_hash: 'x',
        status_id: 1,
        date_creation: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (client.answers) {
      await db
        .insertInto('quiz_answers')
        .values({ client_id: id, ...client.answers, updated_at: new Date().toISOString() })
        .execute();
    }
  }
});
afterAll(async () => {
  await testApp?.close();
});

/** The specification's computation over what the database holds now. */
async function expectedPairs() {
  const rows = await testApp.app.db
    .selectFrom('clients')
    .innerJoin('quiz_answers', 'quiz_answers.client_id', 'clients.id')
    .selectAll()
    .where('clients.status_id', '=', 1)
    .execute();
  const clients: ScoringClient[] = rows.map((row) => ({
    id: row.client_id,
    gender: row.gender as 1 | 2 | 3,
    age: row.birthday ? ageOn(row.birthday, new Date()) : null,
    answers: Object.fromEntries(QUESTION_KEYS.map((key) => [key, row[key]])) as ScoringClient['answers'],
  }));
  return computeAllPairsNaive(clients);
}

describe("The admin's pairs over the database", () => {
  it('lists exactly the pairs of the straightforward computation, and follows recorded changes', async () => {
    const db = testApp.app.db;
    const service = new PartnersService(db);
    const all = await service.sitePairs(0, SITE_PAIRS);
    const expected = await expectedPairs();
    expect(expected.length).toBeGreaterThan(SITE_PAIRS);
    expect(all.pairs).toEqual(expected.slice(0, SITE_PAIRS));
    expect(all).toMatchObject({ total: SITE_PAIRS, more: true });

    const someone = expected[0]!.client_a;
    const answers = await db
      .selectFrom('quiz_answers')
      .selectAll()
      .where('client_id', '=', someone)
      .executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('quiz_answers')
        .set({ q_5: answers.q_5 === 'No importa' ? 'Soltera' : 'No importa', q_10: answers.q_10 })
        .where('client_id', '=', someone)
        .execute();
      await trx
        .updateTable('clients')
        .set({ status_id: 2 })
        .where('id', '=', expected[1]!.client_b)
        .execute();
      await recordScoringChange(trx, someone);
      await recordScoringChange(trx, expected[1]!.client_b);
    });
    const afterChange = await service.sitePairs(0, SITE_PAIRS);
    expect(afterChange.pairs).toEqual((await expectedPairs()).slice(0, SITE_PAIRS));
  });

  it("pages the site's pairs and lists one client's best", async () => {
    const service = new PartnersService(testApp.app.db);
    const expected = await expectedPairs();
    const second = await service.sitePairs(10, 10);
    expect(second.pairs).toEqual(expected.slice(10, 20));
    expect((await service.sitePairs(SITE_PAIRS, 10)).pairs).toEqual([]);
    const someone = expected[3]!.client_b;
    const mine = expected.filter((pair) => pair.client_a === someone || pair.client_b === someone);
    expect(mine.length).toBeGreaterThan(0);
    const lists = await service.pairsOf([someone, 987_654]);
    expect(lists.get(someone)).toEqual(mine.slice(0, BEST_PARTNERS));
    expect(lists.get(987_654)).toBeNull();
  });

  it('catches a change that commits after a later one is already visible', async () => {
    const db = testApp.app.db;
    const service = new PartnersService(db);
    await service.refresh();
    const latest = await db
      .selectFrom('scoring_changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const base = Number(latest?.id ?? 0);
    const expected = await expectedPairs();
    const late = expected[0]!.client_a;
    const early = expected[0]!.client_b;
    await db.updateTable('clients').set({ status_id: 2 }).where('id', 'in', [late, early]).execute();
    await db
      .insertInto('scoring_changes')
      .values({ id: base + 2, client_id: early, created_at: 'x' })
      .execute();
    await service.refresh();
    await db
      .insertInto('scoring_changes')
      .values({ id: base + 1, client_id: late, created_at: 'x' })
      .execute();
    const after = await service.sitePairs(0, SITE_PAIRS);
    expect(after.pairs).toEqual((await expectedPairs()).slice(0, SITE_PAIRS));
  });
});
