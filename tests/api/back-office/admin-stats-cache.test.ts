import { describe, expect, it } from 'vitest';
import { refreshAdminStats } from '../../../src/server/back-office/admin-stats-figure';
import type { AdminStatsResponse } from '../../../src/shared/contracts/admin';
import { insertClient } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({
  seedDemo: false,
  loginAdmin: true,
  env: { STATS_MAX_AGE_SECONDS: '60' },
});
const { admin } = testApp;

const thisWeek = (body: AdminStatsResponse) => body.signups_by_week.at(-1)!.count;

async function storedRow() {
  return testApp.app.db
    .selectFrom('stored_figures')
    .selectAll()
    .where('name', '=', 'admin-stats')
    .executeTakeFirst();
}

describe('admin/stats computed outside the request (docs/design/17-million.md, issue 34)', () => {
  it('answers the same figures, with the time they were computed, for up to a minute', async () => {
    const first = await admin.post<AdminStatsResponse>('admin/stats', {});
    expect(first.statusCode).toBe(200);
    const computedAt = Date.parse(first.body.computed_at);
    expect(Math.abs(Date.now() - computedAt)).toBeLessThan(10_000);

    await insertClient(testApp.app, {});
    const second = await admin.post<AdminStatsResponse>('admin/stats', {});
    expect(second.body.computed_at).toBe(first.body.computed_at);
    expect(thisWeek(second.body)).toBe(thisWeek(first.body));
  });

  it('answers the figures stored in the database, computed by the start-up run, not in the request', async () => {
    const row = await storedRow();
    expect(row).toBeDefined();
    // Figures no computation would give: the answer can only come from the stored row.
    const stored = JSON.parse(row!.value) as Omit<AdminStatsResponse, 'status' | 'message' | 'computed_at'>;
    stored.signups_by_week.at(-1)!.count = 4321;
    await testApp.app.db
      .updateTable('stored_figures')
      .set({ value: JSON.stringify(stored), computed_at: '2026-01-01T00:00:00.000Z' })
      .where('name', '=', 'admin-stats')
      .execute();
    const answer = await admin.post<AdminStatsResponse>('admin/stats', {});
    expect(thisWeek(answer.body)).toBe(4321);
    expect(answer.body.computed_at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('shows new figures once the background refresh has run', async () => {
    await refreshAdminStats(testApp.app);
    const before = await admin.post<AdminStatsResponse>('admin/stats', {});
    await insertClient(testApp.app, {});
    await insertClient(testApp.app, {});
    expect(thisWeek((await admin.post<AdminStatsResponse>('admin/stats', {})).body)).toBe(
      thisWeek(before.body),
    );

    await refreshAdminStats(testApp.app);
    const after = await admin.post<AdminStatsResponse>('admin/stats', {});
    expect(thisWeek(after.body)).toBe(thisWeek(before.body) + 2);
    expect(Date.parse(after.body.computed_at)).toBeGreaterThanOrEqual(Date.parse(before.body.computed_at));
    expect((await storedRow())!.computed_at).toBe(after.body.computed_at);
  });
});
