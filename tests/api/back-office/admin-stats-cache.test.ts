import { describe, expect, it } from 'vitest';
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

describe('admin/stats cache (design.md §17)', () => {
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
});
