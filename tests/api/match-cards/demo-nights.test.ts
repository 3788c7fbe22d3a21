import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD } from '../../../src/server/seed/demo-content';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp();

async function eventId(name: string): Promise<number> {
  const row = await testApp.app.db
    .selectFrom('events')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('demo speed-dating nights', () => {
  it('lets Mariana choose tonight and the host seat tonight’s attendees', async () => {
    const tonight = await eventId('Speed Dating esta noche en la Juárez');
    const mariana = testApp.agent();
    await mariana.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
    const cards = await mariana.post('client/picks/get', { event_id: tonight });
    expect(cards.statusCode).toBe(200);
    expect(cards.body.open).toBe(true);
    // Her quiz says she looks for men: the four men checked in tonight.
    expect(cards.body.people).toHaveLength(4);
    const admin = testApp.agent();
    await admin.loginAdmin();
    const rounds = await admin.post('event/rounds', { event_id: tonight });
    expect(rounds.body.source).toBe('checked_in');
    expect(rounds.body.rounds.length).toBeGreaterThan(0);
  });

  it('shows the past night closed, with its mutual pairs as mutual interests and its totals', async () => {
    const past = await eventId('Speed Dating en la Condesa');
    const admin = testApp.agent();
    const adminId = await admin.loginAdmin();
    const details = await admin.post('event/details', { admin_id: adminId, event_id: past });
    expect(details.body.picks).toMatchObject({ checked_in: 10, mutual: 2, closed_at: expect.any(String) });
    const mariana = testApp.agent();
    await mariana.loginClient(DEMO_CLIENT_EMAIL, DEMO_CLIENT_PASSWORD);
    const closed = await mariana.post('client/picks/get', { event_id: past });
    expect(closed.body).toMatchObject({ open: false, closed: true });
  });
});
