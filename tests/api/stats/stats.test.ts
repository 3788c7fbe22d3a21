import { describe, expect, it } from 'vitest';
import {
  DEMO_MUTUAL_INTERESTS,
  DEMO_ONE_WAY_INTERESTS,
  DEMO_SIGN_UPS,
} from '../../../src/server/seed/demo-content';
import { DEMO_NIGHTS_MUTUAL_PAIRS, DEMO_NIGHTS_SIGN_UPS } from '../../../src/server/seed/demo-nights';
import { countCommunity } from '../../../src/server/stats/community-stats';
import { COUNTER_CAPS } from '../../../src/shared/domain/landing';
import { setUpTestApp } from '../../support/test-app';

const testApp = setUpTestApp();

describe('stats/get', () => {
  it('answers the four landing counter targets without a session', async () => {
    const response = await testApp.agent().post<{ stats: Record<string, number> }>('stats/get', {});
    expect(response.statusCode).toBe(200);
    expect(response.body.status).toBe('success');
    expect(Object.keys(response.body.stats).sort()).toEqual(['dates', 'matches', 'meets', 'people']);
  });

  it('uses the specification caps while the community is smaller than them', async () => {
    const response = await testApp.agent().post<{ stats: Record<string, number> }>('stats/get', {});
    expect(response.body.stats).toEqual(COUNTER_CAPS);
  });

  it('counts the demo community: active clients, past events, interests and attendances, mutual pairs', async () => {
    const community = await countCommunity(testApp.app.db);
    expect(community.people).toBeGreaterThan(0);
    expect(community.dates).toBeGreaterThan(0);
    // Every interest (a mutual pair is stored once per direction) plus every event sign-up.
    expect(community.meets).toBe(
      DEMO_ONE_WAY_INTERESTS.length +
        2 * (DEMO_MUTUAL_INTERESTS.length + DEMO_NIGHTS_MUTUAL_PAIRS) +
        DEMO_SIGN_UPS.length +
        DEMO_NIGHTS_SIGN_UPS,
    );
    expect(community.matches).toBe(DEMO_MUTUAL_INTERESTS.length + DEMO_NIGHTS_MUTUAL_PAIRS);
    const activeClients = await testApp.app.db
      .selectFrom('clients')
      .select('id')
      .where('status_id', '=', 1)
      .execute();
    expect(community.people).toBe(activeClients.length);
  });

  it('shows a real figure once it passes its cap', async () => {
    const db = testApp.app.db;
    const heldEvents = (await countCommunity(db)).dates;
    const past = await db
      .insertInto('events')
      .values(
        Array.from({ length: COUNTER_CAPS.dates + 1 - heldEvents }, (_, index) => ({
          name: `Evento pasado ${index}`,
          search_text: `evento pasado ${index}`,
          day: '2020-01-01',
          hour: '20:00',
          description: '',
          price_m_cents: 0,
          price_w_cents: 0,
          limit_m: 1,
          limit_w: 1,
          occupation: 0,
          status_id: 1,
          image_id: null,
          created_at: '2020-01-01T00:00:00.000Z',
          updated_at: '2020-01-01T00:00:00.000Z',
        })),
      )
      .returning('id')
      .execute();
    expect(past.length).toBeGreaterThan(0);
    const response = await testApp.agent().post<{ stats: Record<string, number> }>('stats/get', {});
    expect(response.body.stats.dates).toBe(COUNTER_CAPS.dates + 1);
    expect(response.body.stats.people).toBe(COUNTER_CAPS.people);
  });

  it('refuses a body that is not an object with 400 and a Spanish warning', async () => {
    const response = await testApp.agent().post('stats/get', [1, 2]);
    expect(response.statusCode).toBe(400);
    expect(response.body.status).toBe('warning');
    expect(response.body.message).toMatch(/[a-záéíóúñ]/i);
  });
});
