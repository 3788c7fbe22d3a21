import { afterAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../support/admin-fixtures';
import { agent, loggedInClient, mailsAcrossBackends, openDatabase, waitFor } from './cluster';

const store = openDatabase();
afterAll(async () => {
  await store.db.destroy();
});

const isReminder = (subject: string) => subject.startsWith('Mañana:');

async function reminderCounts(addresses: string[]): Promise<number[]> {
  return Promise.all(
    addresses.map(
      async (address) =>
        (await mailsAcrossBackends(address)).filter((mail) => isReminder(mail.subject ?? '')).length,
    ),
  );
}

describe('the 24-hour reminder on two instances', () => {
  it('reaches each confirmed attendee once, whichever instance confirmed and whichever runs it', async () => {
    const eventId = await insertEvent(store, { name: 'Recordatorio en dos nodos', day: '2030-08-01' });
    const members = await Promise.all(Array.from({ length: 6 }, () => loggedInClient(store, { gender: 1 })));
    const admins = await Promise.all(
      [0, 1].map(async (backend) => {
        const admin = agent();
        await admin.loginAdmin({ backend });
        return admin;
      }),
    );
    for (const [index, member] of members.entries()) {
      const signed = await member.agent.post<{ assistance_id: number }>('client/events/add', {
        event_id: eventId,
      });
      const backend = index % 2;
      const id = signed.body.assistance_id;
      // Confirmed, un-confirmed and confirmed again through both instances: still one reminder.
      for (const [status, via] of [
        [2, backend],
        [1, 1 - backend],
        [2, 1 - backend],
      ] as const) {
        const answer = await admins[via]!.post(
          'event/update',
          { assistance: { id, status_id: status } },
          { backend: via },
        );
        expect(answer.statusCode).toBe(200);
      }
    }
    const jobs = await store.db
      .selectFrom('jobs')
      .select(['id', 'key'])
      .where('kind', '=', 'event-reminder')
      .where('key', 'like', 'event-reminder:assistance:%:2030-08-01T20:00')
      .execute();
    expect(jobs).toHaveLength(members.length);
    // Due now: both instances poll for it.
    await store.db
      .updateTable('jobs')
      .set({ run_at: new Date().toISOString() })
      .where(
        'id',
        'in',
        jobs.map((job) => job.id),
      )
      .execute();
    const addresses = members.map((member) => member.email);
    await waitFor(
      'every reminder',
      () => reminderCounts(addresses),
      (found) => found.every((n) => n >= 1),
    );
    // Every reminder job is finished once its mail exists: a second copy could only come from them.
    const mailKeys = jobs.map((job) => job.key!.replace('event-reminder:', 'mail:reminder:'));
    await waitFor(
      'the reminder jobs and their mail jobs to finish',
      () =>
        store.db
          .selectFrom('jobs')
          .select('state')
          .where((eb) =>
            eb.or([
              eb(
                'id',
                'in',
                jobs.map((job) => job.id),
              ),
              eb('key', 'in', mailKeys),
            ]),
          )
          .execute(),
      (rows) => rows.length === 2 * members.length && rows.every((row) => row.state === 'done'),
    );
    expect(await reminderCounts(addresses)).toEqual(Array(members.length).fill(1));
  });
});
