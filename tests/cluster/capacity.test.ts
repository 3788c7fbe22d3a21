import { afterAll, describe, expect, it } from 'vitest';
import { insertClient, insertEvent, signUp } from '../support/admin-fixtures';
import { agent, openDatabase } from './cluster';

const store = openDatabase();
afterAll(async () => {
  await store.db.destroy();
});

async function confirmedCount(eventId: number, gender: number): Promise<number> {
  const { total } = await store.db
    .selectFrom('assistance')
    .innerJoin('clients', 'clients.id', 'assistance.client_id')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('assistance.event_id', '=', eventId)
    .where('assistance.status_id', '=', 2)
    .where('clients.gender', '=', gender)
    .executeTakeFirstOrThrow();
  return Number(total);
}

describe('event capacity under concurrent confirmations on both instances', () => {
  it('never confirms more than limit_w or limit_m when 40 confirmations race over two instances', async () => {
    const eventId = await insertEvent(store, { limit_w: 6, limit_m: 4 });
    const sign = async (gender: number) => signUp(store, eventId, (await insertClient(store, { gender })).id);
    const women = await Promise.all(Array.from({ length: 20 }, () => sign(1)));
    const men = await Promise.all(Array.from({ length: 20 }, () => sign(2)));
    // Two admins logged in through each instance; each call goes to the other instance half the time.
    const admins = await Promise.all(
      [0, 1, 0, 1].map(async (backend) => {
        const admin = agent();
        await admin.loginAdmin({ backend });
        return admin;
      }),
    );
    const calls = [...women, ...men].map((id, index) => ({
      id,
      backend: index % 2,
      gender: index < 20 ? 1 : 2,
    }));
    const responses = await Promise.all(
      calls.map(({ id, backend }, index) =>
        admins[Math.floor(index / 2) % admins.length]!.post(
          'event/update',
          { assistance: { id, status_id: 2 } },
          { backend },
        ),
      ),
    );
    // Each gender's confirmations went through both instances, so only the database can hold the limit.
    for (const gender of [1, 2]) {
      const backends = responses.filter((_, index) => calls[index]!.gender === gender).map((r) => r.backend);
      expect(new Set(backends)).toEqual(new Set([0, 1]));
    }
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(6 + 4);
    expect(codes.filter((code) => code === 409)).toHaveLength(40 - 10);
    expect(await confirmedCount(eventId, 1)).toBe(6);
    expect(await confirmedCount(eventId, 2)).toBe(4);
  });
});
