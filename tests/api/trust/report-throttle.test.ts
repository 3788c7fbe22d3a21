import { describe, expect, it } from 'vitest';
import { TOO_MANY_REPORTS } from '../../../src/server/trust/reports';
import { insertClient } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';

const testApp = setUpTestApp({ seedDemo: false });

async function reportsBy(clientId: number): Promise<number> {
  const rows = await testApp.app.db
    .selectFrom('reports')
    .select('id')
    .where('client_id', '=', clientId)
    .execute();
  return rows.length;
}

/** Reports this member made `hoursAgo` hours ago, written directly: the clock is not waited for. */
async function pastReports(clientId: number, targetId: number, count: number, hoursAgo: number) {
  const createdAt = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  await testApp.app.db
    .insertInto('reports')
    .values(
      Array.from({ length: count }, () => ({
        client_id: clientId,
        target_client_id: targetId,
        reason: 'fake',
        text: '',
        status_id: 1,
        action: null,
        created_at: createdAt,
        resolved_at: null,
        resolved_by: null,
      })),
    )
    .execute();
}

describe('client/report throttle (decision 0024)', () => {
  it('accepts five reports in an hour, refuses the sixth with 429 and stores nothing', async () => {
    const me = await loggedInClient(testApp);
    const codes: number[] = [];
    for (let index = 0; index < 6; index++) {
      const target = await insertClient(testApp.app);
      const response = await me.agent.post('client/report', {
        target_client_id: target.id,
        reason: 'harassment',
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.body).toEqual({ status: 'warning', message: TOO_MANY_REPORTS });
      }
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await reportsBy(me.id)).toBe(5);
  });

  it('counts ten a day: reports of two hours ago count, those of yesterday do not', async () => {
    const me = await loggedInClient(testApp);
    const target = await insertClient(testApp.app);
    await pastReports(me.id, target.id, 20, 30);
    await pastReports(me.id, target.id, 8, 2);
    const send = () => me.agent.post('client/report', { target_client_id: target.id, reason: 'fake' });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
    expect(await reportsBy(me.id)).toBe(30);
  });

  it('holds when ten reports arrive at once: exactly five are stored', async () => {
    const me = await loggedInClient(testApp);
    const targets = await Promise.all(Array.from({ length: 10 }, () => insertClient(testApp.app)));
    const responses = await Promise.all(
      targets.map((target) =>
        me.agent.post('client/report', { target_client_id: target.id, reason: 'other' }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    expect(await reportsBy(me.id)).toBe(5);
  });

  it('limits each member on their own', async () => {
    const busy = await loggedInClient(testApp);
    const other = await loggedInClient(testApp);
    const target = await insertClient(testApp.app);
    await pastReports(busy.id, target.id, 5, 0.5);
    expect(
      (await busy.agent.post('client/report', { target_client_id: target.id, reason: 'fake' })).statusCode,
    ).toBe(429);
    expect(
      (await other.agent.post('client/report', { target_client_id: target.id, reason: 'fake' })).statusCode,
    ).toBe(200);
  });
});
