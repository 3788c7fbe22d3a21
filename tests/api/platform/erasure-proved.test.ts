import { describe, expect, it } from 'vitest';
import { eraseClient } from '../../../src/server/accounts/account';
import { PERSONAL_DATA } from '../../../src/server/personal-data-registry';
import type { PersonalDataRegistry } from '../../../src/server/platform/personal-data';
import { FIXTURE_PASSWORD, insertClient } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { fillEveryTable, type Member, tracesLeft } from './erasure-proof';

const testApp = setUpTestApp({ seedDemo: false });

let sequence = 0;

/** Letters only, so that no other value in the database can contain them by chance. */
function uniqueWord(): string {
  sequence += 1;
  const letters = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `${letters.join('')}${String.fromCharCode(97 + sequence)}`;
}

/**
 * A member named by unique strings, with one row naming her in every column that points at a
 * member (and members made before and after her for the other side of pairs), and one failed
 * log-in, so that the throttle counts her e-mail.
 */
async function memberInEveryTable(
  registry: PersonalDataRegistry,
): Promise<{ member: Member; filled: string[] }> {
  const { app } = testApp;
  const before = await insertClient(app);
  const firstName = `Ximena${uniqueWord()}`;
  const lastName = `Quiroz${uniqueWord()}`;
  const phone = `55${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const her = await insertClient(app, { first_name: firstName, last_name: lastName, phone, gender: 2 });
  const after = await insertClient(app);
  const member: Member = { id: her.id, traces: [firstName, lastName, her.email, phone] };
  const filled = await fillEveryTable(app.db, registry, member, { before: before.id, after: after.id });
  const failed = await testApp
    .agent()
    .post('client/login', { access: { email: her.email, password: 'no-es-esta' } });
  expect(failed.statusCode).toBe(401);
  return { member, filled };
}

/** Erases her with `registry`; what still names her afterwards, or why the erasure failed. */
async function eraseAndLook(registry: PersonalDataRegistry, member: Member): Promise<string[]> {
  const { app } = testApp;
  try {
    await eraseClient(app.db, registry, app.config, app.config.emailHashKey, member.id, FIXTURE_PASSWORD);
  } catch (error) {
    return [`erasure failed: ${error instanceof Error ? error.message : String(error)}`];
  }
  return tracesLeft(app.db, registry, member);
}

describe('erasure is proved (design.md §22)', () => {
  it('leaves nothing that names her outside the columns kept with a reason', async () => {
    const registry = testApp.app.personalData;
    const { member, filled } = await memberInEveryTable(registry);
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

    // The account stays as the tombstone, under the same id.
    const tombstone = await testApp.app.db
      .selectFrom('clients')
      .select(['id', 'status_id'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(tombstone).toEqual({ id: member.id, status_id: 3 });
  });

  // The proof bites: with any one domain's erasure emptied, something still names her.
  it.each(PERSONAL_DATA.map((declaration) => declaration.domain))(
    'finds what is left when the %s erasure does nothing',
    async (domain) => {
      const registry = testApp.app.personalData.map((declaration) =>
        declaration.domain === domain ? { ...declaration, erase: async () => {} } : declaration,
      );
      const { member } = await memberInEveryTable(registry);
      const left = await eraseAndLook(registry, member);
      expect(left).not.toEqual([]);
    },
  );
});
