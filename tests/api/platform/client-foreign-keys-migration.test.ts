import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/platform/db/database';
import { clientForeignKeys, walkSchema } from '../../../src/server/platform/db/schema-walker';
import { migrateBefore } from '../../support/migrate-before';
import { type StartedTestApp, startTestApp } from '../../support/test-app';

let earlier: StartedTestApp;
afterAll(async () => {
  await earlier?.close();
});

describe('migration 0023-client-foreign-keys', () => {
  it('points scoring_changes.client_id at clients.id, keeping its rows, ids and id counter', async () => {
    let clientId = 0;
    earlier = await startTestApp({
      seedDemo: false,
      beforeBuild: async (config) => {
        const db = createDatabase(config) as any;
        await migrateBefore(db, '0023');
        const now = new Date().toISOString();
        const client = await db
          .insertInto('clients')
          .values({
            first_name: 'Ana',
            last_name: 'Antes',
            email: 'ana.antes@pruebas.mx',
            password_hash: 'x',
            date_creation: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        clientId = client.id;
        await db
          .insertInto('scoring_changes')
          .values([
            { client_id: clientId, created_at: now },
            { client_id: clientId, created_at: now },
            { client_id: clientId, created_at: now },
          ])
          .execute();
        // The newest change was read and removed: its id must never be handed out again.
        await db.deleteFrom('scoring_changes').where('id', '=', 3).execute();
        await db.destroy();
      },
    });
    const { db } = earlier.app;
    expect(clientForeignKeys(await walkSchema(db))).toContain('scoring_changes.client_id');
    const kept = await db.selectFrom('scoring_changes').select(['id', 'client_id']).orderBy('id').execute();
    expect(kept).toEqual([
      { id: 1, client_id: clientId },
      { id: 2, client_id: clientId },
    ]);
    const next = await db
      .insertInto('scoring_changes')
      .values({ client_id: clientId, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(4);
    await expect(
      db
        .insertInto('scoring_changes')
        .values({ client_id: clientId + 1000, created_at: 'x' })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
  });
});
