import { describe, expect, it } from 'vitest';
import { DEMO_LOGIN } from '../../../src/server/seed/seed';
import { dayInMexicoCity } from '../../../src/shared/domain/mexico-time';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp({ seedDemo: true, loginAdmin: true });

describe('demo content brings someone', () => {
  it('the demo login brought two people, one came three days ago and earned her a code; the reward is set', async () => {
    const mariana = testApp.agent();
    await mariana.loginClient(DEMO_LOGIN.email, DEMO_LOGIN.password);
    const page = await mariana.post('client/invite/get', {});
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatchObject({
      signed_up: 2,
      came: 1,
      reward: { percent_off: 50, amount_off_cents: null, valid_days: 30 },
    });
    const threeDaysAgo = dayInMexicoCity(new Date(Date.now() - 3 * 86_400_000));
    expect(page.body.codes).toEqual([
      expect.objectContaining({
        percent_off: 50,
        state: 'available',
        invited: 'Lucía',
        valid_from: threeDaysAgo,
      }),
    ]);
    const reward = await testApp.admin.post('admin/invite-reward/get', {});
    expect(reward.body).toMatchObject({
      reward: { enabled: true, percent_off: 50, amount_off: null, valid_days: 30 },
      figures: { signed_up: 2, came: 1, earned: 1, used: 0 },
    });
    // Lucía really came to that night: her first check-in is the past speed-dating night's.
    const lucia = await testApp.app.db
      .selectFrom('invitations')
      .innerJoin('assistance', 'assistance.client_id', 'invitations.invited_client_id')
      .select('assistance.checked_in_at')
      .where('invitations.code_id', 'is not', null)
      .where('assistance.checked_in_at', 'is not', null)
      .execute();
    expect(lucia.length).toBeGreaterThan(0);
  });
});
