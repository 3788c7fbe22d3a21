import { afterEach, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../../src/ops/children/database-preparation';
import { useFirstAdminLink as spendFirstAdminLink } from '../../../src/server/back-office/admin-first-access';
import { createDatabase } from '../../../src/server/platform/db/database';
import { type FreshDatabase, freshDatabase } from '../../support/fresh-database';

let fresh: FreshDatabase | undefined;

afterEach(async () => {
  await fresh?.drop();
  fresh = undefined;
});

describe('cita setup prepares the database (SQLite, or PostgreSQL with DATABASE_URL)', () => {
  it('gives the first admin a link until she chooses her password, and none after', async () => {
    fresh = await freshDatabase();
    const first = await prepareDatabase(fresh.config, 'ops@cita.test');
    expect(first.link).toMatch(/^https:\/\/cita\.test\/admin\/primer-acceso#.+/);
    // A second run before she used it: a new link (the old one stops working).
    const second = await prepareDatabase(fresh.config, 'ops@cita.test');
    expect(second.link).toMatch(/#.+/);
    expect(second.link).not.toBe(first.link);
    const db = createDatabase(fresh.config);
    try {
      await spendFirstAdminLink(db, second.link!.split('#')[1]!, 'su-propia-clave-123');
    } finally {
      await db.destroy();
    }
    // Every run after that: no link that would let the reader of the terminal replace her password.
    const third = await prepareDatabase(fresh.config, 'ops@cita.test');
    expect(third.link).toBeUndefined();
    expect(third.moved).toBeUndefined();
  });
});
