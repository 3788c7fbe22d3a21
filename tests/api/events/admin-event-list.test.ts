import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/platform/db/database';
import type { AdminEventsResponse } from '../../../src/shared/contracts/admin-events';
import { insertEvent } from '../../support/admin-fixtures';
import { migrateBefore } from '../../support/migrate-before';
import { setUpTestApp, startTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

async function adminEvents(body: Record<string, unknown>) {
  const response = await admin.post<AdminEventsResponse>('event/get', { admin_id: testApp.adminId, ...body });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('event/get for the back office (docs/design/17-million.md)', () => {
  it('answers 50 events a page, newest day first, with paging fields', async () => {
    for (let index = 0; index < 53; index++) {
      const day = `2031-01-${String((index % 28) + 1).padStart(2, '0')}`;
      await insertEvent(testApp.app, { name: `Evento ${index}`, day });
    }
    const first = await adminEvents({});
    expect(first).toMatchObject({ total: 53, total_estimated: false, page: 1, page_size: 50 });
    expect(first.events).toHaveLength(50);
    const second = await adminEvents({ page: 2 });
    expect(second.events).toHaveLength(3);
    const all = [...first.events, ...second.events];
    expect(new Set(all.map((event) => event.id)).size).toBe(53);
    const days = all.map((event) => event.day);
    expect(days).toEqual([...days].sort().reverse());
    expect((await adminEvents({ page: 3 })).events).toEqual([]);
  });

  it('finds events by name whatever the case and accents, on the server', async () => {
    const cafe = await insertEvent(testApp.app, { name: 'Noche de Café y Jazz' });
    await insertEvent(testApp.app, { name: 'Cena a ciegas' });
    const found = await adminEvents({ search: 'CAFE y jazz' });
    expect(found.events.map((event) => event.id)).toEqual([cafe]);
    expect(found.total).toBe(1);
  });

  it('keeps the public list unpaged and unsearched for a visitor', async () => {
    const visitor = await testApp
      .agent()
      .post<{ events: unknown[] }>('event/get', { search: 'nada', page: 9 });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toHaveProperty('page');
  });
});

describe('migration 0020-event-search', () => {
  it('folds the names of the events stored before it', async () => {
    let eventId = 0;
    const earlier = await startTestApp({
      seedDemo: false,
      beforeBuild: async (config) => {
        const db = createDatabase(config);
        await migrateBefore(db, '0020');
        const now = new Date().toISOString();
        const row = await (db as any)
          .insertInto('events')
          .values({
            name: 'Café   Olé EN Mérida',
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
        eventId = row.id;
        await db.destroy();
      },
    });
    try {
      const row = await earlier.app.db
        .selectFrom('events')
        .select('search_text')
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow();
      expect(row.search_text).toBe('cafe ole en merida');
    } finally {
      await earlier.close();
    }
  });
});
