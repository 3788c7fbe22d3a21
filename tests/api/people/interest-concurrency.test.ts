import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../support/outbox';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';
import { interestRows, personWithAdvert } from './helpers';

const testApp = setUpTestApp({ seedDemo: false });

type Person = Awaited<ReturnType<typeof personWithAdvert>>;

function add(from: Person, to: Person) {
  return from.agent.post('client/interested/add', { interes: { interested_id: to.advertId } });
}

/** Mail goes out from the queue after the answers: count once every queued job has run. */
async function settledMails(people: Person[]): Promise<number[]> {
  await waitForQueueIdle(testApp.app.db);
  return Promise.all(
    people.map(async (person) => (await mailsTo(testApp.config.dataDir, person.email)).length),
  );
}

describe('client/interested/add under concurrency', () => {
  it('leaves one row when the same client adds the same interest 20 times at once', async () => {
    const ana = await personWithAdvert(testApp);
    const beto = await personWithAdvert(testApp);
    const responses = await Promise.all(Array.from({ length: 20 }, () => add(ana, beto)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.filter((response) => response.body.created)).toHaveLength(1);
    expect(new Set(responses.map((response) => response.body.interest_id)).size).toBe(1);
    expect(await interestRows(testApp.app, ana.id, beto.id)).toEqual([
      expect.objectContaining({ client_id: ana.id, target_client_id: beto.id, status_id: 1 }),
    ]);
  });

  it('crossing adds (A→B while B→A) end mutual: one row each way, both 2, one e-mail each', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async () => [
        await personWithAdvert(testApp),
        await personWithAdvert(testApp),
      ]),
    );
    const responses = await Promise.all(
      pairs.flatMap(([a, b]) => [add(a!, b!), add(b!, a!), add(a!, b!), add(b!, a!)]),
    );
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    for (const [a, b] of pairs) {
      const rows = await interestRows(testApp.app, a!.id, b!.id);
      expect(rows.map((row) => [row.client_id, row.target_client_id, row.status_id]).sort()).toEqual(
        [
          [a!.id, b!.id, 2],
          [b!.id, a!.id, 2],
        ].sort(),
      );
    }
    expect(await settledMails(pairs.flat() as Person[])).toEqual(Array(16).fill(1));
  });

  it('everyone interested in everyone at once: every pair mutual, two rows per pair', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => personWithAdvert(testApp)));
    const calls = people.flatMap((from) => people.filter((to) => to !== from).map((to) => add(from, to)));
    const responses = await Promise.all(calls);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const rows = await interestRows(testApp.app, ...people.map((person) => person.id));
    expect(rows).toHaveLength(6 * 5);
    expect(rows.every((row) => row.status_id === 2)).toBe(true);
    // Each person has five mutual pairs, each announced once.
    expect(await settledMails(people)).toEqual(Array(6).fill(5));
  });

  it('a withdrawal racing the other side’s add ends with their one-way interest only', async () => {
    for (let round = 0; round < 5; round++) {
      const ana = await personWithAdvert(testApp);
      const beto = await personWithAdvert(testApp);
      const anaInterest = (await add(ana, beto)).body.interest_id as number;
      const [withdrawn, added] = await Promise.all([
        ana.agent.post('client/interested/update', { interes: { id: anaInterest, status_id: 0 } }),
        add(beto, ana),
      ]);
      expect([withdrawn.statusCode, added.statusCode]).toEqual([200, 200]);
      expect(await interestRows(testApp.app, ana.id, beto.id)).toEqual([
        expect.objectContaining({ client_id: beto.id, target_client_id: ana.id, status_id: 1 }),
      ]);
    }
  });

  it('a double tap on remove answers 200 or 404 and never touches other rows', async () => {
    const ana = await personWithAdvert(testApp);
    const beto = await personWithAdvert(testApp);
    const anaInterest = (await add(ana, beto)).body.interest_id as number;
    await add(beto, ana);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        ana.agent.post('client/interested/update', { interes: { id: anaInterest, status_id: 1 } }),
      ),
    );
    expect(responses.some((response) => response.statusCode === 200)).toBe(true);
    expect(responses.every((response) => [200, 404].includes(response.statusCode))).toBe(true);
    expect(await interestRows(testApp.app, ana.id, beto.id)).toEqual([
      expect.objectContaining({ client_id: beto.id, target_client_id: ana.id, status_id: 1 }),
    ]);
  });
});
