import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type DB } from '../../../src/server/platform/db/database';
import type { LiveNotice } from '../../../src/server/platform/live/live-bus';
import { PostgresLiveBus } from '../../../src/server/platform/live/postgres-live-bus';
import { createScratchDatabase, type ScratchDatabase } from '../../support/server-process';

// PostgreSQL only: two instances' buses on one database, as two server processes hold them.
let scratch: ScratchDatabase;
let db: DB;
const buses: PostgresLiveBus[] = [];
const logs: string[][] = [];

function bus(): PostgresLiveBus {
  const lines: string[] = [];
  logs.push(lines);
  const made = new PostgresLiveBus({
    databaseUrl: scratch.databaseUrl!,
    db,
    log: (line) => lines.push(line),
    retryMs: { first: 20, max: 200 },
  });
  buses.push(made);
  return made;
}

/** Resolves with every notice the bus delivers until `count` arrived (fails after 10 s). */
function collect(
  from: PostgresLiveBus,
  count: number,
): { notices: LiveNotice[]; done: Promise<LiveNotice[]> } {
  const notices: LiveNotice[] = [];
  const done = new Promise<LiveNotice[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`only ${notices.length} of ${count} notices arrived: ${JSON.stringify(notices)}`));
    }, 10_000);
    const stop = from.subscribe((notice) => {
      notices.push(notice);
      if (notices.length === count) {
        clearTimeout(timer);
        resolve(notices);
      }
    });
  });
  return { notices, done };
}

async function waitUntil(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  if (!process.env.DATABASE_URL) throw new Error('this file needs DATABASE_URL (PostgreSQL)');
  scratch = await createScratchDatabase();
  db = createDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
});

afterAll(async () => {
  for (const each of buses) await each.close();
  await db?.destroy();
  await scratch?.drop();
});

const message = (message_id: number): LiveNotice => ({
  type: 'message',
  to: [7, 9],
  conversation_id: 3,
  message_id,
});

it('carries a notice published on one instance to the subscribers of both', async () => {
  const first = bus();
  const second = bus();
  await Promise.all([first.start(), second.start()]);
  const onFirst = collect(first, 1);
  const onSecond = collect(second, 1);
  const read: LiveNotice = {
    type: 'read',
    to: [7],
    conversation_id: 3,
    reader_id: 9,
    up_to_id: 41,
    read_at: '2026-11-25T19:00:00.000Z',
  };
  await first.publish(read);
  expect(await onSecond.done).toEqual([read]);
  expect(await onFirst.done).toEqual([read]);
});

it('splits a notice for very many members into several under the 8 000-byte limit of NOTIFY', async () => {
  const [first, second] = [bus(), bus()];
  await Promise.all([first.start(), second.start()]);
  const to = Array.from({ length: 3_000 }, (_, index) => 1_000_000 + index);
  const received: LiveNotice[] = [];
  second.subscribe((notice) => received.push(notice));
  await first.publish({ type: 'conversation', to, conversation_id: 5 });
  await waitUntil('every member named', () => received.flatMap((notice) => notice.to).length === to.length);
  expect(received.length).toBeGreaterThan(1);
  expect(received.flatMap((notice) => notice.to)).toEqual(to);
  expect(received.every((notice) => notice.type === 'conversation' && notice.conversation_id === 5)).toBe(
    true,
  );
});

it('listens again after its connection is killed and delivers the notices published after that', async () => {
  const sender = bus();
  const listener = bus();
  await Promise.all([sender.start(), listener.start()]);
  const killed = listener.listenerPid;
  expect(killed).toBeTypeOf('number');
  await sql`select pg_terminate_backend(${killed})`.execute(db);
  // NOTIFY is not durable: what is published while nobody listens is gone (the client catches up
  // by id). This one is sent while the listener is down and must not break anything.
  await sender.publish(message(100));
  await waitUntil('a new listening connection', () => {
    const pid = listener.listenerPid;
    return pid !== undefined && pid !== killed;
  });
  const later = collect(listener, 2);
  await sender.publish(message(101));
  await sender.publish(message(102));
  const arrived = await later.done;
  expect(arrived.map((notice) => (notice.type === 'message' ? notice.message_id : 0))).toEqual([101, 102]);
  const lines = logs[buses.indexOf(listener)]!;
  expect(lines.some((line) => /se perdió la conexión .*PostgreSQL.*nuevo intento/.test(line))).toBe(true);
});

it('stops listening once closed', async () => {
  const closing = bus();
  await closing.start();
  const pid = closing.listenerPid;
  await closing.close();
  expect(closing.listenerPid).toBeUndefined();
  await waitUntil('the listening backend gone', async () => {
    const { rows } = await sql<{ alive: number }>`
      select count(*) as alive from pg_stat_activity where pid = ${pid}
    `.execute(db);
    return Number(rows[0]!.alive) === 0;
  });
});

it('leaves no listening connection behind when closed while still connecting', async () => {
  const listeners = async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from pg_stat_activity
      where application_name = 'cita-live' and datname = current_database()
    `.execute(db);
    return Number(rows[0]!.n);
  };
  const before = await listeners();
  const hasty = bus();
  const starting = hasty.start();
  await hasty.close();
  await starting;
  expect(hasty.listenerPid).toBeUndefined();
  // A connection left open would stay here until the end of the file.
  await waitUntil('no listener of the closed bus', async () => (await listeners()) === before);
});
