import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../support/admin-fixtures';
import { mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { loggedInClient } from './helpers';

const testApp = setUpTestApp({ seedDemo: false });

async function rows(eventId: number) {
  return testApp.app.db
    .selectFrom('assistance')
    .select(['client_id', 'status_id'])
    .where('event_id', '=', eventId)
    .execute();
}

describe('the waiting list under concurrency', () => {
  it('40 women signing up at once for 5 places: 5 places, waiting positions 1…35 each once', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 5 });
    const members = await Promise.all(
      Array.from({ length: 40 }, () => loggedInClient(testApp, { gender: 1 })),
    );
    const answers = await Promise.all(
      members.map((member) => member.agent.post('client/events/add', { event_id: eventId })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    expect(answers.filter((answer) => answer.body.status_id === 1)).toHaveLength(5);
    const positions = answers
      .filter((answer) => answer.body.status_id === 3)
      .map((answer) => answer.body.position as number)
      .sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 35 }, (_, index) => index + 1));
    const stored = await rows(eventId);
    expect(stored.filter((row) => row.status_id === 1)).toHaveLength(5);
    expect(stored.filter((row) => row.status_id === 3)).toHaveLength(35);
  });

  it('cancellations racing with sign-ups never hold more than the limit nor promote anyone twice', async () => {
    const eventId = await insertEvent(testApp.app, { limit_w: 3 });
    const holders = await Promise.all([1, 2, 3].map(() => loggedInClient(testApp, { gender: 1 })));
    const waiting = await Promise.all([1, 2, 3, 4, 5].map(() => loggedInClient(testApp, { gender: 1 })));
    for (const member of [...holders, ...waiting]) {
      await member.agent.post('client/events/add', { event_id: eventId });
    }
    const newcomers = await Promise.all(
      Array.from({ length: 10 }, () => loggedInClient(testApp, { gender: 1 })),
    );
    const calls = [
      // Each holder cancels three times at once: one cancellation, one promotion.
      ...holders.flatMap((holder) =>
        [1, 2, 3].map(() => holder.agent.post('client/events/cancel', { event_id: eventId })),
      ),
      ...newcomers.map((member) => member.agent.post('client/events/add', { event_id: eventId })),
    ];
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(calls.length).fill(200));

    const stored = await rows(eventId);
    expect(stored.filter((row) => row.status_id === 1 || row.status_id === 2)).toHaveLength(3);
    expect(stored.filter((row) => row.status_id === 4)).toHaveLength(3);
    // The three places went to the first three who were waiting, before any newcomer.
    const held = stored.filter((row) => row.status_id === 1).map((row) => row.client_id);
    expect(held.sort((a, b) => a - b)).toEqual(
      waiting
        .slice(0, 3)
        .map((member) => member.id)
        .sort((a, b) => a - b),
    );
    await waitForQueueIdle(testApp.app.db);
    for (const member of waiting) {
      const freed = (await mailsTo(testApp.config.dataDir, member.email)).filter((mail) =>
        mail.subject?.startsWith('Se liberó un lugar'),
      );
      expect(freed).toHaveLength(waiting.indexOf(member) < 3 ? 1 : 0);
    }
  });
});
