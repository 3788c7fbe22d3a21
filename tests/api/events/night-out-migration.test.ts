import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/platform/db/database';
import { migrateBefore } from '../../support/migrate-before';
import { type StartedTestApp, startTestApp } from '../../support/test-app';

let earlier: StartedTestApp;
afterAll(async () => {
  await earlier?.close();
});

describe('migration 0018-night-out', () => {
  it('keeps sign-ups written before it (ids included), fills the new event columns and allows statuses 3 and 4', async () => {
    let ids = { event: 0, assistance: 0 };
    earlier = await startTestApp({
      seedDemo: false,
      beforeBuild: async (config) => {
        const db = createDatabase(config);
        await migrateBefore(db, '0018');
        const now = new Date().toISOString();
        const anyDb = db as any;
        const event = await anyDb
          .insertInto('events')
          .values({
            name: 'Evento anterior',
            day: '2030-03-01',
            hour: '20:00',
            description: '',
            price_m_cents: 0,
            price_w_cents: 0,
            limit_m: 5,
            limit_w: 5,
            occupation: 0,
            status_id: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const client = await anyDb
          .insertInto('clients')
          .values({
            first_name: 'Ana',
            last_name: 'Antes',
            email: 'ana.antes@pruebas.mx',
            phone: '',
            birthday: '1990-01-01',
            gender: 1,
            occupation: '',
            instagram: '',
            password_hash: 'x',
            status_id: 1,
            date_creation: now,
            search_text: 'ana antes',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // An id the autoincrement would not pick by itself: the rebuild must keep it.
        await anyDb
          .insertInto('assistance')
          .values({
            id: 77,
            event_id: event.id,
            client_id: client.id,
            status_id: 2,
            contacted: 1,
            created_at: now,
            checked_in_at: now,
          })
          .execute();
        ids = { event: event.id, assistance: 77 };
        await db.destroy();
      },
    });
    const db = earlier.app.db;
    const event = await db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', ids.event)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      venue: '',
      address: '',
      city: 'cdmx',
      duration_minutes: 120,
      age_min: null,
    });
    const row = await db
      .selectFrom('assistance')
      .selectAll()
      .where('id', '=', ids.assistance)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status_id: 2, contacted: 1, ticket: null });
    expect(row.checked_in_at).not.toBeNull();
    for (const status of [3, 4]) {
      await db
        .updateTable('assistance')
        .set({ status_id: status })
        .where('id', '=', ids.assistance)
        .execute();
    }
    await expect(
      db.updateTable('assistance').set({ status_id: 5 }).where('id', '=', ids.assistance).execute(),
    ).rejects.toThrow();
    const next = await db
      .insertInto('assistance')
      .values({
        event_id: ids.event,
        client_id: row.client_id,
        status_id: 1,
        contacted: 0,
        created_at: '',
      })
      .onConflict((oc) => oc.columns(['event_id', 'client_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    // The (event, client) pair is still unique after the rebuild.
    expect(next).toBeUndefined();
  });
});
