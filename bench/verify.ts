import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createSession, SESSION_COOKIE } from '../src/server/platform/auth/sessions';
import { freePort } from '../tests/support/server-process';
import { TEST_ADMIN } from '../tests/support/test-app';
import { loadAverage, scratchDataset } from './scale/scratch-dataset';
import { median, percentile } from './stats';
import { steadyLatencies } from './steady-rate';
import type { VerifyServerMessage } from './verify-server';

/**
 * `npm run bench:verify` (docs/design/27-verified.md, decision 0067): the real server with §17's
 * dataset (SQLite, or PostgreSQL with DATABASE_URL) and the self-hosted face engine it starts
 * (bench/verify-server.ts); each figure beside its target:
 * - one verification (2 selfies + 3 approved photos), alone: ≤ 5 s, and the memory the engine
 *   adds to the server (the resident memory of the server and the engine's process together,
 *   less the server's before the engine), ≤ 500 MB;
 * - `event/get`, `client/messages/get` and `adverts/get`, each at a steady RATE of requests a
 *   second, one every 1/RATE s (bench/steady-rate.ts): p95 while 5 verifications run within 10 % of the p95
 *   without them. A single window of a few seconds moved its own p95 by half from one minute to
 *   the next on a quiet machine, so ROUNDS windows with 5 verifications alternate with windows as
 *   long without them (one more, so each busy window has a quiet one on either side), and each
 *   p95 is of all the answers of its kind of window.
 * SCALE_CLIENTS (default 5 000), RATE, ROUNDS and ALONE (single verifications timed,
 * the median is kept) override the defaults.
 */
const CLIENTS = Number(process.env.SCALE_CLIENTS ?? 5_000);
const RATE = Number(process.env.RATE ?? 100);
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 4));
const ALONE = Math.max(1, Number(process.env.ALONE ?? 3));
const TIME_TARGET_MS = 5_000;
const MEMORY_TARGET_MB = 500;
const P95_SLACK = 0.1;
const CONCURRENT = 5;

function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; ready: VerifyServerMessage }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/verify-server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready: VerifyServerMessage) => resolve({ child, ready }));
    child.once('exit', (code) => reject(new Error(`bench/verify-server.ts exited (${code})`)));
  });
}

function verify(
  child: ChildProcess,
  count: number,
): Promise<Extract<VerifyServerMessage, { type: 'verified' }>> {
  return new Promise((resolve) => {
    child.once('message', (message: VerifyServerMessage) => {
      if (message.type === 'verified') resolve(message);
    });
    child.send({ type: 'verify', count });
  });
}

interface Call {
  name: string;
  body: string;
  cookie?: string;
}

/** Latencies (ms) of every answer while `until` runs (or for that many seconds), at the steady rate. */
function latencies(url: string, call: Call, until: Promise<unknown> | number): Promise<number[]> {
  return steadyLatencies(
    { url: `${url}/api/${call.name}`, body: call.body, cookie: call.cookie },
    RATE,
    until,
  );
}

const { scratch, db, counts, loadSeconds } = await scratchDataset(CLIENTS);
let server: ChildProcess | undefined;
try {
  console.log(
    `bench:verify — ${scratch.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ${CLIENTS.toLocaleString('es-MX')} miembros (datos en ${Math.round(loadSeconds)} s); ${RATE} peticiones/s a paso constante`,
  );
  console.log(`carga del sistema al empezar: ${loadAverage()}`);
  console.table(counts);

  // One conversation of two active members with 60 messages, read by one of them.
  const [low, high] = (
    await db.selectFrom('clients').select('id').where('status_id', '=', 1).orderBy('id').limit(2).execute()
  ).map((row) => row.id) as [number, number];
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const { id: conversationId } = await db
    .insertInto('conversations')
    .values({
      client_a: low,
      client_b: high,
      pair_key: `${low}:${high}`,
      created_at: at(120),
      closed_at: null,
      closed_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('messages')
    .values(
      Array.from({ length: 60 }, (_, index) => ({
        conversation_id: conversationId,
        sender_id: index % 2 === 0 ? low : high,
        idempotency_key: `bench-verify-${index}`,
        text: `Hola, ¿vamos al evento del sábado? (${index})`,
        sent_at: at(60 - index),
        read_at: at(59 - index),
      })),
    )
    .execute();
  const last = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation_id', '=', conversationId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('conversation_sides')
    .values(
      [low, high].map((clientId) => ({
        conversation_id: conversationId,
        client_id: clientId,
        activity_at: at(1),
        last_message_id: Number(last.id),
        wrote_at: at(1),
        contact_shared_at: null,
        away_mail_at: null,
      })),
    )
    .execute();
  const cookie = `${SESSION_COOKIE.client}=${await createSession(db, 'client', low)}`;
  await db.destroy();

  const port = await freePort();
  const started = await startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: scratch.dataDir,
    SEED_DEMO: '0',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(scratch.dataDir, 'no-web'),
    PAYMENTS: 'off',
    INVOICES: 'off',
    ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
  });
  server = started.child;
  const ready = started.ready as Extract<VerifyServerMessage, { type: 'ready' }>;
  const url = `http://127.0.0.1:${ready.port}`;

  const alone: { ms: number; rssPeak: number }[] = [];
  for (let run = 0; run < ALONE; run++) {
    const result = await verify(server, 1);
    alone.push({ ms: result.ms[0]!, rssPeak: result.rssPeak });
  }
  const oneMs = median(alone.map((run) => run.ms));
  const peak = Math.max(...alone.map((run) => run.rssPeak));

  const calls: Call[] = [
    { name: 'event/get', body: '{}' },
    { name: 'client/messages/get', body: JSON.stringify({ conversation_id: conversationId }), cookie },
    { name: 'adverts/get', body: '{}' },
  ];
  const rows: Record<string, Record<string, string | number>> = {};
  let met = oneMs <= TIME_TARGET_MS && peak - ready.rssBefore <= MEMORY_TARGET_MB;
  let busyPeak = 0;
  for (const call of calls) {
    await latencies(url, call, 3);
    const quietTimes: number[] = [];
    const busyTimes: number[] = [];
    let windowSeconds = 5;
    let slowest = 0;
    for (let round = 0; round <= ROUNDS; round++) {
      quietTimes.push(...(await latencies(url, call, windowSeconds)));
      if (round === ROUNDS) break;
      const running = verify(server, CONCURRENT);
      const [times, verifications] = await Promise.all([latencies(url, call, running), running]);
      busyTimes.push(...times);
      const lasted = Math.max(...verifications.ms);
      slowest = Math.max(slowest, lasted);
      windowSeconds = Math.max(1, Math.round(lasted / 1000));
      busyPeak = Math.max(busyPeak, verifications.rssPeak);
    }
    const quiet = percentile(quietTimes, 95);
    const busy = percentile(busyTimes, 95);
    const ok = busy <= quiet * (1 + P95_SLACK);
    met &&= ok;
    rows[call.name] = {
      'p50 / p95 sin verificaciones (ms)': `${percentile(quietTimes, 50).toFixed(2)} / ${quiet.toFixed(2)}`,
      [`p50 / p95 con ${CONCURRENT} verificaciones (ms)`]: `${percentile(busyTimes, 50).toFixed(2)} / ${busy.toFixed(2)}`,
      'objetivo: p95 ≤ + 10 % (ms)': (quiet * (1 + P95_SLACK)).toFixed(2),
      'razón p95': `× ${(busy / quiet).toFixed(2)}`,
      'respuestas sin / con': `${quietTimes.length} / ${busyTimes.length}`,
      [`${CONCURRENT} verificaciones, la más lenta (s)`]: (slowest / 1000).toFixed(1),
      meta: ok ? 'cumplida' : 'NO cumplida',
    };
  }

  console.log(`\nmotor cargado en ${(ready.loadMs / 1000).toFixed(1)} s`);
  console.table({
    'una verificación (2 selfies + 3 fotos), mediana de sus tiempos': {
      medida: `${(oneMs / 1000).toFixed(2)} s (${alone.map((run) => (run.ms / 1000).toFixed(2)).join(' / ')})`,
      objetivo: `≤ ${TIME_TARGET_MS / 1000} s`,
      meta: oneMs <= TIME_TARGET_MS ? 'cumplida' : 'NO cumplida',
    },
    'memoria que el motor suma al servidor (pico residente − antes del motor)': {
      medida: `${peak - ready.rssBefore} MB`,
      objetivo: `≤ ${MEMORY_TARGET_MB} MB`,
      meta: peak - ready.rssBefore <= MEMORY_TARGET_MB ? 'cumplida' : 'NO cumplida',
    },
    'memoria residente del servidor y del proceso del motor': {
      medida: `${ready.rssBefore} MB sin motor, ${ready.rssLoaded} MB cargado, pico ${peak} MB con una verificación, ${busyPeak} MB con ${CONCURRENT}`,
      objetivo: '—',
      meta: '—',
    },
  });
  console.table(rows);
  console.log(`${ROUNDS} ventanas con verificaciones entre ${ROUNDS + 1} sin ellas, por llamada`);
  console.log(`carga del sistema al terminar: ${loadAverage()}`);
  console.log('Cifras indicativas: la máquina es compartida.');
  if (!met) process.exitCode = 1;
} finally {
  if (server?.connected) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.send({ type: 'stop' });
    await exited;
  }
  await scratch.drop();
}
