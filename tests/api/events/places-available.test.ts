import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient, setEventStatus } from './helpers';

const testApp = setUpTestApp({ seedDemo: false, loginAdmin: true });
const { admin } = testApp;

interface Places {
  available_w: number;
  available_m: number;
  waiting_w?: number;
  waiting_m?: number;
}

async function publicPlaces(eventId: number): Promise<Places> {
  const answer = await testApp.agent().post<{ event: Places }>('event/details', { event_id: eventId });
  return answer.body.event;
}

async function adminPlaces(eventId: number): Promise<Places> {
  const answer = await admin.post<{ event: Places }>('event/details', {
    admin_id: testApp.adminId,
    event_id: eventId,
  });
  return answer.body.event;
}

async function signUp(eventId: number, gender: 1 | 2): Promise<number> {
  const member = await loggedInClient(testApp, { gender });
  const answer = await member.agent.post<{ assistance_id: number }>('client/events/add', {
    event_id: eventId,
  });
  return answer.body.assistance_id;
}

describe('places available, as the admin page and the public page say them', () => {
  it('agree on a full event with two waiting: holds and sign-ups count, not only confirmed places', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 2, limit_m: 3 });
    for (let index = 0; index < 4; index++) await signUp(eventId, 1);
    const confirmed = await signUp(eventId, 2);
    await signUp(eventId, 2);
    await admin.post('event/update', { assistance: { id: confirmed, status_id: 2 } });

    const seen = await publicPlaces(eventId);
    expect(seen).toMatchObject({ available_w: 0, available_m: 1 });
    expect(await adminPlaces(eventId)).toMatchObject({
      available_w: 0,
      available_m: 1,
      waiting_w: 2,
      waiting_m: 0,
    });
  });

  it('agree that an event marked Agotado hands out no places', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 5, limit_m: 5 });
    await signUp(eventId, 1);
    await setEventStatus(testApp.app, eventId, 2);
    expect(await publicPlaces(eventId)).toMatchObject({ available_w: 0, available_m: 0 });
    expect(await adminPlaces(eventId)).toMatchObject({ available_w: 0, available_m: 0 });
  });
});
