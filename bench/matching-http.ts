import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { configFromEnv } from '../src/server/platform/config';
import { prepareDatabase } from '../src/server/seed/seed';
import { clientSearchText } from '../src/shared/domain/search-text';
import { median, percentile } from './stats';
import { syntheticClients } from './synthetic-clients';

/**
 * Second half of `npm run bench:matching`: p50/p95 of one `admin/matches` quiz page (50 pairs)
 * over real HTTP at N = 20 000 clients, without and with a name search, after the engine is warm.
 * SQLite in a scratch folder, or PostgreSQL when DATABASE_URL is set (a scratch database is not
 * made: use an empty one).
 */
const N = Number(process.env.N ?? 20_000);
const REQUESTS = 400;
const ADMIN = { email: 'bench@cita.mx', password: 'bench-admin-12345' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cita-bench-'));
const config = configFromEnv({
  ...process.env,
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  LOG_LEVEL: 'error',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  // The bench measures matching: no payment provider or PAC to start or to configure.
  PAYMENTS: 'off',
  INVOICES: 'off',
});
const app = await buildApp(config);
await prepareDatabase(app.db, config);

const year = new Date().getFullYear();
const now = new Date().toISOString();
const clients = syntheticClients(N, 20_240_201);
const started = performance.now();
for (let offset = 0; offset < clients.length; offset += 500) {
  const batch = clients.slice(offset, offset + 500);
  await app.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('clients')
      .values(
        batch.map((client, index) => ({
          first_name: `Nombre${offset + index}`,
          last_name: `Apellido${(offset + index) % 997}`,
          email: `bench${offset + index}@example.mx`,
          phone: '',
          search_text: clientSearchText({
            first_name: `Nombre${offset + index}`,
            last_name: `Apellido${(offset + index) % 997}`,
            email: `bench${offset + index}@example.mx`,
            phone: '',
          }),
          birthday: client.age === null ? null : `${year - client.age - 1}-01-01`,
          gender: client.gender,
          occupation: '',
          instagram: '',
          password_hash: 'x',
          status_id: 1,
          date_creation: now,
        })),
      )
      .returning('id')
      .execute();
    const answered = batch.flatMap((client, index) =>
      client.answers ? [{ client_id: inserted[index]!.id, ...client.answers, updated_at: now }] : [],
    );
    if (answered.length > 0) await trx.insertInto('quiz_answers').values(answered).execute();
  });
}
console.log(`${N} clientes sintéticos cargados en ${((performance.now() - started) / 1000).toFixed(1)} s`);

const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ access: ADMIN }),
});
const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

async function quizPage(body: object): Promise<{ ms: number; total: number }> {
  const start = performance.now();
  const response = await fetch(`${address}/api/admin/matches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ tab: 'quiz', ...body }),
  });
  const payload = (await response.json()) as { total: number; quiz_pairs: unknown[] };
  if (response.status !== 200) throw new Error(JSON.stringify(payload));
  return { ms: performance.now() - start, total: payload.total };
}

const warm = performance.now();
const { total } = await quizPage({});
console.log(
  `primer llamado (carga completa del motor): ${(performance.now() - warm).toFixed(0)} ms, ${total} parejas`,
);

const lastPage = Math.max(1, Math.ceil(total / 50));
const scenarios: [string, (index: number) => object][] = [
  ['página al azar, sin búsqueda', (index) => ({ page: 1 + ((index * 7919) % lastPage) })],
  ['búsqueda por nombre (1 a 11 clientes)', (index) => ({ search: `nombre${(index * 37) % N}` })],
  ['búsqueda por apellido (~20 clientes)', (index) => ({ search: `apellido${(index * 13) % 997}` })],
];
const rows: Record<string, { p50_ms: number; p95_ms: number; median_total: number }> = {};
for (const [name, body] of scenarios) {
  const times: number[] = [];
  const totals: number[] = [];
  for (let index = 0; index < REQUESTS; index++) {
    const result = await quizPage(body(index));
    times.push(result.ms);
    totals.push(result.total);
  }
  rows[name] = {
    p50_ms: Number(median(times).toFixed(2)),
    p95_ms: Number(percentile(times, 95).toFixed(2)),
    median_total: median(totals),
  };
}
console.log(
  `\nadmin/matches (pestaña Quiz, 50 parejas por página) sobre HTTP, N = ${N}, ${REQUESTS} llamadas por fila`,
);
console.table(rows);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
