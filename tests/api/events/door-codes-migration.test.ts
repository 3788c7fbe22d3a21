import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/platform/db/database';
import { migrateBefore } from '../../support/migrate-before';
import { type StartedTestApp, startTestApp } from '../../support/test-app';

let earlier: StartedTestApp;
afterAll(async () => {
  await earlier?.close();
});

describe('migration 0029-door-codes', () => {
  it('gives each ticket issued before it a short code, unique in its event, and none to places without a ticket', async () => {
    const places: { id: number; ticket: string | null }[] = [];
    earlier = await startTestApp({
      seedDemo: false,
      beforeBuild: async (config) => {
        const db = createDatabase(config);
        await migrateBefore(db, '0029');
        const now = new Date().toISOString();
        const anyDb = db as any;
        const event = await anyDb
          .insertInto('events')
          .values({
            name: 'Noche con boletos largos',
            day: '2031-03-01',
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
        for (const [index, ticket] of ['a'.repeat(43), 'b'.repeat(32), null].entries()) {
          const client = await anyDb
            .insertInto('clients')
            .values({
              first_name: `Asistente${index}`,
              last_name: 'Antes',
              email: `asistente${index}.antes@pruebas.mx`,
              phone: '',
              birthday: '1990-01-01',
              gender: 1,
              occupation: '',
              instagram: '',
              password_hash: 'x',
              status_id: 1,
              date_creation: now,
              search_text: `asistente${index} antes`,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const place = await anyDb
            .insertInto('assistance')
            .values({
              event_id: event.id,
              client_id: client.id,
              status_id: ticket ? 2 : 1,
              contacted: 0,
              created_at: now,
              ticket,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          places.push({ id: place.id, ticket });
        }
        await db.destroy();
      },
    });
    const rows = await earlier.app.db
      .selectFrom('assistance')
      .select(['id', 'ticket', 'door_code', 'event_id'])
      .where(
        'id',
        'in',
        places.map((place) => place.id),
      )
      .orderBy('id')
      .execute();
    const [first, second, unticketed] = rows;
    expect(first?.ticket).toBe('a'.repeat(43));
    expect(first?.door_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(second?.door_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(second?.door_code).not.toBe(first?.door_code);
    expect(unticketed?.door_code).toBeNull();
    // The unique index came with the column.
    await expect(
      earlier.app.db
        .updateTable('assistance')
        .set({ door_code: first!.door_code })
        .where('id', '=', second!.id)
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});
