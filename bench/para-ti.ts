import { sql } from 'kysely';
import { QUIZ_QUESTIONS } from '../src/shared/domain/quiz-questions';
import { ServerProcess } from '../tests/support/server-process';
import { SCALE_PASSWORD } from './scale/dataset';
import * as scale from './scale/scratch-dataset';

/**
 * `npm run bench:para-ti` (design.md §16–§17, issue 24): on the §17 reference dataset (as
 * bench:scale builds it), the "Para ti" engine's figures beside their targets: a restarted
 * instance's first answer ≤ 60 s, resident memory ≤ 2 GB, client/compatible/get p95 ≤ 50 ms (each
 * member's first list and a repeated one), a re-answer in her own list ≤ 1 s and in another
 * instance's lists ≤ 60 s.
 */
const MEMBERS = 40;
const FIRST_ANSWER_TARGET_S = 60;
const MEMORY_TARGET_MB = 2048;
const P95_TARGET_MS = 50;
const OWN_TARGET_MS = 1000;
const OTHERS_TARGET_S = 60;

interface Person {
  client_id: number;
  percent: number;
}

async function paraTi(
  url: string,
  cookie: string,
  page = 1,
): Promise<{ ms: number; people: Person[]; total: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/client/compatible/get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ page }),
  });
  const body = (await response.json()) as { people?: Person[]; total?: number; message: string };
  if (!response.ok) throw new Error(`client/compatible/get: ${response.status} ${body.message}`);
  return { ms: performance.now() - started, people: body.people ?? [], total: body.total ?? 0 };
}

/** Every page of her list (at most 100 people). */
async function wholeList(url: string, cookie: string): Promise<Person[]> {
  const people: Person[] = [];
  for (let page = 1; ; page++) {
    const answer = await paraTi(url, cookie, page);
    people.push(...answer.people);
    if (answer.people.length === 0 || people.length >= answer.total) return people;
  }
}

async function answerQuiz(url: string, cookie: string, answers: Record<string, string>): Promise<void> {
  const response = await fetch(`${url}/api/client/quizz/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ quizz: answers }),
  });
  if (!response.ok) throw new Error(`client/quizz/add: ${response.status} ${await response.text()}`);
}

const { scratch, db, counts, loadSeconds } = await scale.scratchDataset();
const servers: ServerProcess[] = [];
try {
  console.log(`bench:para-ti — ${scale.DATASET_LABEL}`);
  console.table(counts);
  console.log(`conjunto cargado en ${loadSeconds.toFixed(1)} s; carga del sistema: ${scale.loadAverage()}`);
  // Members with an advert and answers, spread over the ids.
  const members = await sql<{ id: number; email: string }>`select c.id, c.email from clients c
    join quiz_answers q on q.client_id = c.id join adverts a on a.client_id = c.id
    where c.status_id = 1 and a.status_id = 1 and c.birthday is not null
    order by (c.id * 2654435761) % 1000003 limit ${MEMBERS}`.execute(db);
  const answers = await db
    .selectFrom('quiz_answers')
    .selectAll()
    .where('client_id', '=', members.rows[0]!.id)
    .executeTakeFirstOrThrow();

  const env = { SEED_DEMO: '0', LOG_LEVEL: 'warn' };
  // A restarted instance: from the process start to its first "Para ti".
  const started = performance.now();
  const server = await ServerProcess.start({ ...scratch, env });
  servers.push(server);
  const cookies: string[] = [];
  for (const member of members.rows)
    cookies.push(await scale.login(server.url, 'client/login', member.email, SCALE_PASSWORD));
  const loggedInSeconds = (performance.now() - started) / 1000;
  const first = await paraTi(server.url, cookies[0]!);
  const firstAnswerSeconds = (performance.now() - started) / 1000;

  const coldTimes: number[] = [first.ms];
  for (const cookie of cookies.slice(1)) coldTimes.push((await paraTi(server.url, cookie)).ms);
  const warmTimes: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const cookie of cookies) warmTimes.push((await paraTi(server.url, cookie)).ms);
  }
  const memory = scale.residentMegabytes(server.pid);

  // Her own re-answer: the next answer through the same instance already reflects it.
  const own = members.rows[0]!;
  const ownCookie = cookies[0]!;
  const before = await wholeList(server.url, ownCookie);
  const original: Record<string, string> = Object.fromEntries(
    QUIZ_QUESTIONS.map((question) => [question.key, String(answers[question.key as keyof typeof answers])]),
  );
  const changed = { ...original };
  const otherOption = (key: string) =>
    QUIZ_QUESTIONS.find((question) => question.key === key)!.options.find(
      (option) => option.text !== changed[key],
    )!.text;
  for (const key of ['q_6', 'q_7', 'q_11', 'q_14']) changed[key] = otherOption(key);
  const ownStarted = performance.now();
  await answerQuiz(server.url, ownCookie, changed);
  const after = await paraTi(server.url, ownCookie);
  const ownMs = performance.now() - ownStarted;
  const ownReflected = JSON.stringify(after.people) !== JSON.stringify(before.slice(0, after.people.length));

  // Another instance: someone whose list holds her sees her change there within the minute.
  const second = await ServerProcess.start({ ...scratch, env });
  servers.push(second);
  // Her list's people, newest first in the list's order: the first who has her in his own list.
  let watcher: { cookie: string } | null = null;
  const candidates = await db
    .selectFrom('clients')
    .select(['id', 'email'])
    .where(
      'id',
      'in',
      (await wholeList(server.url, ownCookie)).map((person) => person.client_id),
    )
    .execute();
  for (const candidate of candidates) {
    const cookie = await scale.login(second.url, 'client/login', candidate.email, SCALE_PASSWORD);
    const found = (await wholeList(second.url, cookie)).find((person) => person.client_id === own.id);
    if (found) {
      watcher = { cookie };
      break;
    }
  }
  let othersSeconds: number | null = null;
  if (watcher === null) {
    console.log(
      'Ninguno de los miembros medidos tiene a la primera en su lista: el cambio en otra instancia no se midió.',
    );
  } else {
    const otherStarted = performance.now();
    // She now looks for another gender: she leaves his list, through the other instance.
    const sought = QUIZ_QUESTIONS.find((question) => question.key === 'q_1')!.options;
    const elsewhere = sought.find((option) => option.text !== original.q_1)!.text;
    await answerQuiz(server.url, ownCookie, { ...original, q_1: elsewhere });
    const deadline = otherStarted + 2 * OTHERS_TARGET_S * 1000;
    while (performance.now() < deadline) {
      const theirs = await wholeList(second.url, watcher.cookie);
      if (!theirs.some((person) => person.client_id === own.id)) {
        othersSeconds = (performance.now() - otherStarted) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  const cold = coldTimes.sort((a, b) => a - b);
  const warm = warmTimes.sort((a, b) => a - b);
  const row = (value: string, target: string, met: boolean) => ({
    valor: value,
    meta: target,
    cumple: met ? 'sí' : 'NO',
  });
  const rows = {
    'primera respuesta de una instancia nueva (s)': row(
      `${firstAnswerSeconds.toFixed(1)} (sesiones listas a los ${loggedInSeconds.toFixed(1)})`,
      `≤ ${FIRST_ANSWER_TARGET_S}`,
      firstAnswerSeconds <= FIRST_ANSWER_TARGET_S,
    ),
    'memoria residente del servidor (MB)': row(
      `${memory.now} (pico ${memory.peak})`,
      `≤ ${MEMORY_TARGET_MB}`,
      memory.peak <= MEMORY_TARGET_MB,
    ),
    [`client/compatible/get, primera lista de ${cold.length} miembros: p50 / p95 (ms)`]: row(
      `${scale.percentile(cold, 50).toFixed(1)} / ${scale.percentile(cold, 95).toFixed(1)}`,
      `p95 ≤ ${P95_TARGET_MS}`,
      scale.percentile(cold, 95) <= P95_TARGET_MS,
    ),
    [`client/compatible/get, repetida (${warm.length}): p50 / p95 (ms)`]: row(
      `${scale.percentile(warm, 50).toFixed(1)} / ${scale.percentile(warm, 95).toFixed(1)}`,
      `p95 ≤ ${P95_TARGET_MS}`,
      scale.percentile(warm, 95) <= P95_TARGET_MS,
    ),
    'nuevas respuestas en su propia lista (ms)': row(
      `${ownMs.toFixed(0)}${ownReflected ? '' : ' (la lista no cambió)'}`,
      `≤ ${OWN_TARGET_MS}`,
      ownReflected && ownMs <= OWN_TARGET_MS,
    ),
    'nuevas respuestas en la lista de otra persona, otra instancia (s)': row(
      othersSeconds === null ? 'no medido' : othersSeconds.toFixed(1),
      `≤ ${OTHERS_TARGET_S}`,
      othersSeconds !== null && othersSeconds <= OTHERS_TARGET_S,
    ),
  };
  console.table(rows);
  console.log(`carga del sistema al terminar: ${scale.loadAverage()}`);
  const allMet = Object.values(rows).every((entry) => entry.cumple === 'sí');
  console.log(allMet ? 'Todas las metas se cumplen.' : 'Hay metas sin cumplir.');
  if (!allMet) process.exitCode = 1;
} finally {
  await db.destroy();
  for (const server of servers) await server.stop();
  await scratch.drop();
}
