import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, personWithAdvert } from './cluster';

const store = openDatabase();
afterAll(async () => {
  await store.db.destroy();
});

type Person = Awaited<ReturnType<typeof personWithAdvert>>;

function add(from: Person, to: Person, backend: number) {
  return from.agent.post('client/interested/add', { interes: { interested_id: to.advertId } }, { backend });
}

async function interestRows(...clientIds: number[]) {
  return store.db
    .selectFrom('interests')
    .select(['client_id', 'target_client_id', 'status_id'])
    .where((eb) => eb.or([eb('client_id', 'in', clientIds), eb('target_client_id', 'in', clientIds)]))
    .execute();
}

describe('interests across instances', () => {
  it('A likes B through one instance, B likes A through the other: mutual, seen through both', async () => {
    const ana = await personWithAdvert(store);
    const beto = await personWithAdvert(store);
    const first = await add(ana, beto, 0);
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatchObject({ created: true, mutual: false });
    const second = await add(beto, ana, 1);
    expect(second.statusCode).toBe(200);
    expect(second.body).toMatchObject({ created: true, mutual: true });
    for (const [person, other] of [
      [ana, beto],
      [beto, ana],
    ] as const) {
      for (const backend of [0, 1]) {
        const list = await person.agent.post<{ interested: unknown[]; mutual: { client_id: number }[] }>(
          'client/interested/get',
          {},
          { backend },
        );
        expect(list.statusCode).toBe(200);
        expect(list.body.interested).toEqual([]);
        expect(list.body.mutual.map((entry) => entry.client_id)).toEqual([other.id]);
      }
    }
  });

  it('crossing adds at once through different instances still end as one mutual pair each', async () => {
    const pairs = await Promise.all(
      Array.from(
        { length: 8 },
        async () => [await personWithAdvert(store), await personWithAdvert(store)] as const,
      ),
    );
    const responses = await Promise.all(
      pairs.flatMap(([a, b]) => [add(a, b, 0), add(b, a, 1), add(a, b, 1), add(b, a, 0)]),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(32).fill(200));
    expect(new Set(responses.map((response) => response.backend))).toEqual(new Set([0, 1]));
    for (const [a, b] of pairs) {
      const rows = await interestRows(a.id, b.id);
      expect(rows.map((row) => [row.client_id, row.target_client_id, row.status_id]).sort()).toEqual(
        [
          [a.id, b.id, 2],
          [b.id, a.id, 2],
        ].sort(),
      );
    }
  });
});
