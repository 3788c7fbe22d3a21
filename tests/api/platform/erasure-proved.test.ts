import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { eraseClient } from '../../../src/server/accounts/account';
import { MemberStatusHooks } from '../../../src/server/accounts/member-status-hooks';
import { PERSONAL_DATA } from '../../../src/server/personal-data-registry';
import { enqueueMail } from '../../../src/server/platform/mail/mail-jobs';
import { declaredColumns, type PersonalDataRegistry } from '../../../src/server/platform/personal-data';
import { FIXTURE_PASSWORD } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { type Member, memberInEveryTable, rowCounts, tracesLeft } from './erasure-proof';

const testApp = setUpTestApp({ seedDemo: false });

/** Her in every table, one failed log-in and one forgotten password, so that the throttles count her e-mail. */
async function herEverywhere(registry: PersonalDataRegistry): Promise<{ member: Member; filled: string[] }> {
  const { member, email, filled } = await memberInEveryTable(testApp.app, registry);
  const failed = await testApp.agent().post('client/login', { access: { email, password: 'no-es-esta' } });
  expect(failed.statusCode).toBe(401);
  const forgot = await testApp.agent().post('client/password/forgot', { email });
  expect(forgot.statusCode).toBe(200);
  // The queue holds her address twice: the reset-link job, and a mail to her (sent or not).
  await enqueueMail(testApp.app.db, `mail:proof:${member.id}`, { to: email, subject: 'Hola', text: 'Hola' });
  const jobs = await testApp.app.db.selectFrom('jobs').select(['kind', 'payload']).execute();
  const naming = jobs.filter((job) => job.payload?.includes(email)).map((job) => job.kind);
  expect([...new Set(naming)].sort()).toEqual(['mail', 'password-reset-link']);
  return { member, filled };
}

/** Erases her with `registry`; what still names her afterwards, or why the erasure failed. */
async function eraseAndLook(registry: PersonalDataRegistry, member: Member): Promise<string[]> {
  const { app } = testApp;
  try {
    await eraseClient(
      app.db,
      registry,
      app.config,
      app.config.emailHashKey,
      member.id,
      FIXTURE_PASSWORD,
      new MemberStatusHooks(),
    );
  } catch (error) {
    return [`erasure failed: ${error instanceof Error ? error.message : String(error)}`];
  }
  return tracesLeft(app.db, registry, member);
}

describe('erasure is proved (docs/design/22-places-and-money.md)', () => {
  it('leaves nothing that names her outside the columns kept with a reason', async () => {
    const registry = testApp.app.personalData;
    // A table whose member columns are declared `delete` loses her rows, not just the link to her.
    const deletedTables = [
      ...new Set(
        declaredColumns(registry).flatMap(({ table, erasure }) => (erasure === 'delete' ? [table] : [])),
      ),
    ];
    const rowsBefore = await rowCounts(testApp.app.db, deletedTables);
    const { member, filled } = await herEverywhere(registry);
    // Every declared table that names a member was filled, and the proof really wrote her traces.
    const declaredTables = registry.flatMap((declaration) => Object.keys(declaration.tables));
    const filledTables = new Set(filled.map((entry) => entry.split('.')[0]));
    expect(declaredTables.filter((table) => table !== 'clients' && !filledTables.has(table))).toEqual([]);
    expect(await tracesLeft(testApp.app.db, registry, member)).toEqual(
      expect.arrayContaining([
        'picks.client_id = her id',
        `clients.first_name contains "${member.traces[0]}"`,
      ]),
    );

    expect(await eraseAndLook(registry, member)).toEqual([]);
    expect(await rowCounts(testApp.app.db, deletedTables)).toEqual(rowsBefore);

    // The account stays as the tombstone, under the same id.
    const tombstone = await testApp.app.db
      .selectFrom('clients')
      .select(['id', 'status_id'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(tombstone).toEqual({ id: member.id, status_id: 3 });
  });

  it('finds her in a new table pointing at clients.id that no domain declares (a future one)', async () => {
    const { db, personalData } = testApp.app;
    await sql`create table whispers (
      sender_id integer not null references clients (id),
      recipient_id integer not null references clients (id),
      body text not null)`.execute(db);
    try {
      const { member, filled } = await herEverywhere(personalData);
      expect(filled).toEqual(expect.arrayContaining(['whispers.recipient_id', 'whispers.sender_id']));
      expect((await eraseAndLook(personalData, member)).sort()).toEqual([
        'whispers.recipient_id = her id',
        'whispers.sender_id = her id',
      ]);
    } finally {
      await sql`drop table whispers`.execute(db);
    }
  });

  // The proof bites: with any one domain's erasure emptied, her data is left in that domain's
  // tables, or the erasure cannot finish (her sign-up cannot go while her payment points at it).
  it.each(PERSONAL_DATA.map((declaration) => declaration.domain))(
    'finds what is left when the %s erasure does nothing',
    async (domain) => {
      const registry = testApp.app.personalData.map((declaration) =>
        declaration.domain === domain ? { ...declaration, erase: async () => {} } : declaration,
      );
      const ownTables = Object.keys(registry.find((declaration) => declaration.domain === domain)!.tables);
      const { member } = await herEverywhere(registry);
      const left = await eraseAndLook(registry, member);
      const inOwnTables = left.filter(
        (trace) => trace.startsWith('erasure failed') || ownTables.includes(trace.split('.')[0]!),
      );
      expect(inOwnTables).not.toEqual([]);
    },
  );
});
