import { sql } from 'kysely';
import WebSocket from 'ws';
import { createSession, SESSION_COOKIE } from '../src/server/platform/auth/sessions';
import { liveFrameSchema, messagesSendAnswer } from '../src/shared/contracts/messages';
import { ServerProcess } from '../tests/support/server-process';
import { loadAverage, percentile, residentMegabytes, scratchDataset } from './scale/scratch-dataset';

/**
 * `npm run bench:messages` (docs/design/20-mensajes.md), PostgreSQL only (DATABASE_URL): §17's dataset plus
 * conversations and messages written with generate_series in a scratch database (created and
 * dropped), two server processes on it, then each figure beside its target:
 * - the conversation list and a history page, p95 ≤ 50 ms;
 * - a message sent through one instance and shown on the other person's socket on the other
 *   instance, p95 ≤ 250 ms;
 * - 2 000 open live connections on one instance, ≤ 300 MB more resident memory.
 * The target size is 1 000 000 members and 20 000 000 messages in 1 000 000 conversations
 * (SCALE_CLIENTS=1000000 MESSAGES=20000000); the default is a tenth, for a quick run.
 * CONVERSATIONS, REQUESTS, SENDS and CONNECTIONS override the rest.
 */
if (!process.env.DATABASE_URL) {
  throw new Error(
    'bench:messages necesita DATABASE_URL (PostgreSQL), p. ej. postgres://postgres@127.0.0.1:5432/test',
  );
}
const CLIENTS = Number(process.env.SCALE_CLIENTS ?? 100_000);
const MESSAGES = Number(process.env.MESSAGES ?? 2_000_000);
const CONVERSATIONS = Number(process.env.CONVERSATIONS ?? Math.max(1, Math.round(MESSAGES / 20)));
const REQUESTS = Math.max(20, Number(process.env.REQUESTS ?? 200));
const SENDS = Math.max(20, Number(process.env.SENDS ?? 100));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 2_000);
const READ_TARGET_MS = 50;
const LIVE_TARGET_MS = 250;
const MEMORY_TARGET_MB = 300;
/** Rows per INSERT … SELECT: a bounded transaction, and a progress line now and then. */
const BATCH = 1_000_000;
/** A send whose frame has not come within this is counted at this value (and fails the target). */
const FRAME_TIMEOUT_MS = 5_000;

if (CONVERSATIONS > MESSAGES) throw new Error('CONVERSATIONS no puede pasar de MESSAGES');
// Conversation k pairs member (k mod N) with the one (1 + k div N) places further: distinct pairs.
if (CONVERSATIONS / CLIENTS >= (CLIENTS - 1) / 2)
  throw new Error('demasiadas conversaciones para los miembros');

const fmt = (n: number) => n.toLocaleString('es-MX');
const iso = (secondsAgo: ReturnType<typeof sql>) =>
  sql`to_char((now() - (${secondsAgo}) * interval '1 second') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const { scratch, db, counts, loadSeconds } = await scratchDataset(CLIENTS);
const servers: ServerProcess[] = [];
const sockets: WebSocket[] = [];
try {
  console.log(
    `bench:messages — PostgreSQL, ${fmt(CLIENTS)} miembros, ${fmt(MESSAGES)} mensajes en ${fmt(CONVERSATIONS)} conversaciones` +
      ` (objetivo del §20: 1,000,000 miembros, 20,000,000 mensajes en 1,000,000 conversaciones)`,
  );
  console.log(`carga del sistema al empezar: ${loadAverage()}`);
  console.table(counts);

  // Conversations k = 0 … C-1, messages j = 0 … M-1 (j belongs to conversation j mod C, senders
  // alternate by round), one message a second up to now; every value is a function of k or j.
  const messagesStarted = performance.now();
  const N = sql.lit(CLIENTS);
  const C = sql.lit(CONVERSATIONS);
  const M = sql.lit(MESSAGES);
  const pair = (k: string) =>
    sql`(${sql.raw(k)} % ${N}) + 1 as a, ((${sql.raw(k)} % ${N} + 1 + ${sql.raw(k)} / ${N}) % ${N}) + 1 as b`;
  await sql`insert into conversations (id, client_a, client_b, pair_key, created_at)
    select k + 1, least(a, b), greatest(a, b), least(a, b) || ':' || greatest(a, b), ${iso(sql`${M} + 86400`)}
    from (select k, ${pair('k')} from generate_series(0, ${C} - 1) k) s`.execute(db);
  for (let from = 0; from < MESSAGES; from += BATCH) {
    const to = Math.min(MESSAGES, from + BATCH) - 1;
    await sql`insert into messages (id, conversation_id, sender_id, idempotency_key, text, sent_at, read_at)
      select j + 1, k + 1,
        case when (j / ${C}) % 2 = 0 then least(a, b) else greatest(a, b) end,
        'bench-msg-' || j,
        'Hola, ¿cómo va tu semana? Yo saliendo del trabajo rumbo a la Roma (' || j || ')',
        ${iso(sql`${M} - j`)},
        case when j >= ${M} - ${C} and k % 3 = 0 then null else ${iso(sql`${M} - j - 60`)} end
      from (select j, k, ${pair('k')} from (select j, j % ${C} as k from generate_series(${sql.lit(from)}::bigint, ${sql.lit(to)}) j) r) s`.execute(
      db,
    );
    console.log(`  mensajes: ${fmt(to + 1)} de ${fmt(MESSAGES)}`);
  }
  // Each side's list entry: the last message of its conversation, unread for the receiver in a third.
  await sql`insert into conversation_sides (conversation_id, client_id, activity_at, last_message_id, unread, read_up_to)
    select k + 1, side.client_id, ${iso(sql`${M} - last`)}, last + 1,
      case when side.client_id <> sender and k % 3 = 0 then 1 else 0 end,
      case when side.client_id <> sender and k % 3 = 0 then greatest(0, last + 1 - ${C}) else last + 1 end
    from (
      select k, last, least(a, b) as low, greatest(a, b) as high,
        case when (last / ${C}) % 2 = 0 then least(a, b) else greatest(a, b) end as sender
      from (select k, k + ${C} * ((${M} - 1 - k) / ${C}) as last, ${pair('k')} from generate_series(0, ${C} - 1) k) p
    ) s
    cross join lateral (values (low), (high)) as side(client_id)`.execute(db);
  for (const table of ['conversations', 'messages']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      db,
    );
  }
  await sql`analyze conversations, conversation_sides, messages`.execute(db);
  console.log(
    `datos: §17 en ${Math.round(loadSeconds)} s, mensajes en ${Math.round((performance.now() - messagesStarted) / 1000)} s`,
  );

  // The busiest readers: active members with conversations, and one conversation each.
  const readers = (
    await sql<{ client_id: number; conversation_id: number }>`
      select distinct on (s.client_id) s.client_id, s.conversation_id
      from conversation_sides s join clients c on c.id = s.client_id
      where c.status_id = 1 and s.conversation_id <= 50
      order by s.client_id, s.conversation_id`.execute(db)
  ).rows.slice(0, 20);
  // A mutual pair of active members talks live (their conversation made if the data lacks it).
  const couple = (
    await sql<{ low: number; high: number }>`
      select i.client_id as low, i.target_client_id as high from interests i
      join clients a on a.id = i.client_id join clients b on b.id = i.target_client_id
      where i.status_id = 2 and i.client_id < i.target_client_id and a.status_id = 1 and b.status_id = 1
      order by i.id limit 1`.execute(db)
  ).rows[0]!;
  await sql`insert into conversations (client_a, client_b, pair_key, created_at)
    values (${couple.low}, ${couple.high}, ${`${couple.low}:${couple.high}`}, ${new Date().toISOString()})
    on conflict do nothing`.execute(db);
  const coupleConversation = (
    await sql<{
      id: number;
    }>`select id from conversations where client_a = ${couple.low} and client_b = ${couple.high}`.execute(db)
  ).rows[0]!.id;
  await sql`insert into conversation_sides (conversation_id, client_id, activity_at)
    values (${coupleConversation}, ${couple.low}, ${new Date().toISOString()}),
      (${coupleConversation}, ${couple.high}, ${new Date().toISOString()})
    on conflict do nothing`.execute(db);
  // Sessions written directly: hashing the dataset's password thousands of times measures nothing here.
  const cookieOf = async (clientId: number) =>
    `${SESSION_COOKIE.client}=${await createSession(db, 'client', clientId)}`;
  const readerCookies = await Promise.all(readers.map((reader) => cookieOf(reader.client_id)));
  const senderCookie = await cookieOf(couple.low);
  const receiverCookie = await cookieOf(couple.high);
  const crowd = (
    await sql<{
      id: number;
    }>`select id from clients where status_id = 1 order by id limit ${CONNECTIONS}`.execute(db)
  ).rows;
  const crowdCookies: string[] = [];
  // A small dataset has fewer active members than connections: some then hold several (tabs, devices).
  for (let index = 0; index < CONNECTIONS; index++) {
    crowdCookies.push(await cookieOf(crowd[index % crowd.length]!.id));
  }
  await db.destroy();

  // No limit against abuse may stop the bench's own sending.
  const env = { SEED_DEMO: '0', LOG_LEVEL: 'warn', MESSAGES_PER_MINUTE: '100000' };
  servers.push(await ServerProcess.start({ ...scratch, env }));
  servers.push(await ServerProcess.start({ ...scratch, env }));
  const [first, second] = servers as [ServerProcess, ServerProcess];
  const post = (server: ServerProcess, call: string, cookie: string, body: unknown) =>
    fetch(`${server.url}/api/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });

  // Reads, alternating readers, first warming each once.
  const reads = { list: [] as number[], history: [] as number[] };
  for (let index = 0; index < readers.length; index++) {
    await post(first, 'client/conversations/get', readerCookies[index]!, {});
  }
  for (let round = 0; round < REQUESTS; round++) {
    const index = round % readers.length;
    const cookie = readerCookies[index]!;
    let started = performance.now();
    const list = await post(first, 'client/conversations/get', cookie, {});
    await list.arrayBuffer();
    if (!list.ok) throw new Error(`client/conversations/get: ${list.status}`);
    reads.list.push(performance.now() - started);
    started = performance.now();
    const history = await post(first, 'client/messages/get', cookie, {
      conversation_id: readers[index]!.conversation_id,
    });
    await history.arrayBuffer();
    if (!history.ok) throw new Error(`client/messages/get: ${history.status}`);
    reads.history.push(performance.now() - started);
  }

  // Live: she listens on the second instance, he sends through the first.
  const openSocket = (server: ServerProcess, cookie: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api/live`, { headers: { cookie } });
      sockets.push(socket);
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
  const receiver = await openSocket(second, receiverCookie);
  // Her frame names the message by id (the device's own key is the sender's): the send's answer says which.
  const arrivals = new Map<number, number>();
  const waiting = new Map<number, () => void>();
  receiver.on('message', (data) => {
    const frame = liveFrameSchema.parse(JSON.parse(String(data)));
    if (frame.type !== 'message') return;
    arrivals.set(frame.message.id, performance.now());
    waiting.get(frame.message.id)?.();
  });
  const live: number[] = [];
  let lost = 0;
  for (let index = 0; index < SENDS + 5; index++) {
    const started = performance.now();
    const sent = await post(first, 'client/messages/send', senderCookie, {
      conversation_id: coupleConversation,
      text: `¿Nos vemos el sábado? (${index})`,
      client_message_id: `bench-live-${index}`,
    });
    if (!sent.ok) throw new Error(`client/messages/send: ${sent.status} ${await sent.text()}`);
    const { id } = messagesSendAnswer.parse(await sent.json()).sent;
    if (!arrivals.has(id)) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        waiting.set(id, resolve);
        timer = setTimeout(resolve, FRAME_TIMEOUT_MS);
      });
      clearTimeout(timer);
      waiting.delete(id);
    }
    const at = arrivals.get(id);
    if (at === undefined) lost++;
    // The first five warm both instances up.
    if (index >= 5) live.push((at ?? started + FRAME_TIMEOUT_MS) - started);
  }

  // Memory: many members' live connections held open on one instance.
  const before = residentMegabytes(second.pid);
  for (let from = 0; from < crowdCookies.length; from += 100) {
    await Promise.all(crowdCookies.slice(from, from + 100).map((cookie) => openSocket(second, cookie)));
  }
  const after = residentMegabytes(second.pid);
  const growth = after.now - before.now;

  const p95 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      95,
    );
  const rows = [
    {
      medida: 'client/conversations/get p95',
      valor: `${p95(reads.list).toFixed(1)} ms`,
      meta: `≤ ${READ_TARGET_MS} ms`,
      met: p95(reads.list) <= READ_TARGET_MS,
    },
    {
      medida: 'client/messages/get p95',
      valor: `${p95(reads.history).toFixed(1)} ms`,
      meta: `≤ ${READ_TARGET_MS} ms`,
      met: p95(reads.history) <= READ_TARGET_MS,
    },
    {
      medida: 'envío → socket en la otra instancia p95',
      valor: `${p95(live).toFixed(1)} ms (${lost} sin llegar)`,
      meta: `≤ ${LIVE_TARGET_MS} ms`,
      met: p95(live) <= LIVE_TARGET_MS && lost === 0,
    },
    {
      medida: `${fmt(crowdCookies.length)} conexiones abiertas: memoria residente`,
      valor: `+${growth} MB (${before.now} → ${after.now} MB)`,
      meta: `≤ ${MEMORY_TARGET_MB} MB`,
      met: growth <= MEMORY_TARGET_MB && CONNECTIONS >= 2_000,
    },
  ];
  console.table(rows.map(({ met, ...row }) => ({ ...row, cumple: met ? 'sí' : 'NO' })));
  console.log(
    `muestras: ${REQUESTS} lecturas de cada una, ${SENDS} envíos; carga del sistema al terminar: ${loadAverage()}`,
  );
  if (!rows.every((row) => row.met)) process.exitCode = 1;
} finally {
  for (const socket of sockets) socket.terminate();
  for (const server of servers) await server.stop();
  await scratch.drop();
}
