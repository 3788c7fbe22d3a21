import { describe, expect, it } from 'vitest';
import type { AdminStatsResponse } from '../../../src/shared/contracts/admin';
import { insertClient, insertEvent, insertInterest, signUp } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';

// No demo content: every number below comes from rows this file writes.
const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

async function stats() {
  const response = await admin.post<AdminStatsResponse>('admin/stats', {});
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function mutualPair(firstAt: string, secondAt: string) {
  const a = await insertClient(testApp.app, { gender: 1 });
  const b = await insertClient(testApp.app, { gender: 2 });
  await insertInterest(testApp.app, a.id, b.id, { status_id: 2, created_at: firstAt });
  await insertInterest(testApp.app, b.id, a.id, { status_id: 2, created_at: secondAt });
}

describe('admin/stats (docs/design/14-back-office.md)', () => {
  it('counts sign-ups per week over twelve weeks, the current week last', async () => {
    const before = await stats();
    expect(before.signups_by_week).toHaveLength(12);
    const weeks = before.signups_by_week.map((week) => week.week);
    // Consecutive Mondays.
    for (const [index, week] of weeks.entries()) {
      expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
      if (index > 0) expect(Date.parse(week) - Date.parse(weeks[index - 1] as string)).toBe(7 * DAY);
    }

    const three = await insertClient(testApp.app);
    const old = await insertClient(testApp.app);
    // Same weekday and hour, whole weeks back: exactly 3 and 12 weeks before the current one.
    await testApp.app.db
      .updateTable('clients')
      .set({ date_creation: daysAgo(21) })
      .where('id', '=', three.id)
      .execute();
    await testApp.app.db
      .updateTable('clients')
      .set({ date_creation: daysAgo(84) })
      .where('id', '=', old.id)
      .execute();
    await insertClient(testApp.app);
    await insertClient(testApp.app);

    const after = await stats();
    const grew = after.signups_by_week.map(
      (week, index) => week.count - (before.signups_by_week[index]?.count ?? 0),
    );
    expect(grew).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2]);
  });

  it('counts a match in the week its second interest was sent, and one-way interests not at all', async () => {
    const before = await stats();
    await mutualPair(daysAgo(30), daysAgo(7));
    await mutualPair(daysAgo(1000), daysAgo(14));
    const a = await insertClient(testApp.app);
    const b = await insertClient(testApp.app);
    await insertInterest(testApp.app, a.id, b.id, { created_at: daysAgo(0) });
    const after = await stats();
    expect(after.matches_by_week).toHaveLength(12);
    const grew = after.matches_by_week.map(
      (week, index) => week.count - (before.matches_by_week[index]?.count ?? 0),
    );
    expect(grew).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0]);
  });

  it('lists upcoming events with places held, confirmed and checked in per gender', async () => {
    const eventId = await insertEvent(testApp.app, { name: `Cena ${Date.now()}`, limit_w: 6, limit_m: 5 });
    const women = await Promise.all([1, 2, 3].map(() => insertClient(testApp.app, { gender: 1 })));
    const men = await Promise.all([1, 2].map(() => insertClient(testApp.app, { gender: 2 })));
    const other = await insertClient(testApp.app, { gender: 3 });
    const rows = [];
    for (const person of [...women, ...men, other]) rows.push(await signUp(testApp.app, eventId, person.id));
    const db = testApp.app.db;
    // Two women and one man confirmed; one confirmed woman checked in at the door.
    await db
      .updateTable('assistance')
      .set({ status_id: 2 })
      .where('id', 'in', [rows[0]!, rows[1]!, rows[3]!])
      .execute();
    await db
      .updateTable('assistance')
      .set({ checked_in_at: daysAgo(0) })
      .where('id', '=', rows[0]!)
      .execute();

    const past = await insertEvent(testApp.app, { name: 'Evento pasado' });
    await db.updateTable('events').set({ day: '2020-01-01' }).where('id', '=', past).execute();
    const deleted = await insertEvent(testApp.app, { name: 'Evento eliminado' });
    await db.updateTable('events').set({ status_id: 0 }).where('id', '=', deleted).execute();
    const empty = await insertEvent(testApp.app, { name: 'Evento vacío', limit_w: 4, limit_m: 3 });

    const { events } = await stats();
    const ids = events.map((event) => event.id);
    expect(ids).toContain(eventId);
    expect(ids).not.toContain(past);
    expect(ids).not.toContain(deleted);
    expect(events.find((event) => event.id === eventId)).toEqual({
      id: eventId,
      name: expect.stringMatching(/^Cena /),
      day: '2030-01-15',
      status_id: 1,
      limit_w: 6,
      limit_m: 5,
      held_w: 3,
      held_m: 2,
      confirmed_w: 2,
      confirmed_m: 1,
      checked_in: 1,
    });
    expect(events.find((event) => event.id === empty)).toMatchObject({
      held_w: 0,
      held_m: 0,
      confirmed_w: 0,
      confirmed_m: 0,
      checked_in: 0,
    });
  });

  it('is refused to a visitor and to a client', async () => {
    expect((await testApp.agent().post('admin/stats', {})).statusCode).toBe(401);
    const client = await insertClient(testApp.app);
    const agent = testApp.agent();
    await agent.loginClient(client.email, 'cliente-de-prueba-1');
    expect((await agent.post('admin/stats', {})).statusCode).toBe(401);
  });
});
