import autocannon from 'autocannon';
import { createScratchDatabase, ServerProcess } from '../tests/support/server-process';

/**
 * `npm run bench:load`: 200 connections for 30 s against the real server (a fresh scratch
 * database: SQLite, or PostgreSQL when DATABASE_URL is set), each logged in as its own client,
 * mixing reads (events, adverts) and writes (interest add and remove, event sign-up, advert
 * update). Prints requests/s, latency p50/p99, errors, 5xx and the server's RSS before and after.
 */
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const DURATION = Number(process.env.DURATION ?? 30);

const scratch = await createScratchDatabase();
const server = await ServerProcess.start({ ...scratch, env: { LOG_LEVEL: 'error' } });

async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

try {
  const cookies: string[] = [];
  const signUps = Array.from({ length: CONNECTIONS }, (_, index) => index);
  while (signUps.length > 0) {
    const batch = signUps.splice(0, 8);
    const responses = await Promise.all(
      batch.map((index) =>
        server.post('client/add', {
          client: {
            first_name: `Carga${index}`,
            last_name: 'Prueba',
            email: `carga${index}@bench.mx`,
            phone: '5500000000',
            birthday: '1992-03-04',
            gender: (index % 3) + 1,
            occupation: 'Pruebas',
            instagram: '',
            password: 'clave-de-carga-123',
            privacy_consent: true,
          },
        }),
      ),
    );
    for (const response of responses) {
      if (response.statusCode !== 200 || !response.cookie) throw new Error(JSON.stringify(response.body));
      cookies.push(response.cookie);
    }
  }
  const adverts = (await server.post('adverts/get', {})).body.adverts as { id: number }[];
  const events = (
    (await server.post('event/get', {})).body.events as { id: number; status_id: number }[]
  ).filter((event) => event.status_id === 1);
  if (adverts.length === 0 || events.length === 0)
    throw new Error('the demo content has no adverts or events');

  const rssBefore = await rssOf(server.pid);
  let connection = 0;
  const json = (body: unknown) => JSON.stringify(body);
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION,
    setupClient(client) {
      const index = connection++;
      const headers = { 'content-type': 'application/json', cookie: cookies[index % cookies.length]! };
      const advert = adverts[index % adverts.length]!;
      const event = events[index % events.length]!;
      client.setRequests([
        { method: 'POST', path: '/api/event/get', headers, body: '{}' },
        { method: 'POST', path: '/api/adverts/get', headers, body: '{}' },
        {
          method: 'POST',
          path: '/api/client/interested/add',
          headers,
          body: json({ interes: { interested_id: advert.id } }),
        },
        {
          method: 'POST',
          path: '/api/client/interested/get',
          headers,
          body: '{}',
          onResponse: (_status, body, context: { interestId?: number }) => {
            const lists = JSON.parse(body) as { interested?: { id: number }[]; mutual?: { id: number }[] };
            context.interestId = lists.interested?.[0]?.id ?? lists.mutual?.[0]?.id;
          },
        },
        {
          method: 'POST',
          path: '/api/client/interested/update',
          headers,
          setupRequest: (request, context: { interestId?: number }) => ({
            ...request,
            body: json({ interes: { id: context.interestId ?? 1, status_id: 0 } }),
          }),
        },
        { method: 'POST', path: '/api/client/events/add', headers, body: json({ event_id: event.id }) },
        {
          method: 'POST',
          path: '/api/client/advert/update',
          headers,
          body: json({ advert: { status_id: 2, description_update: `Texto de carga ${index}` } }),
        },
      ]);
    },
  });
  const rssAfter = await rssOf(server.pid);
  const byStatus = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [
      code,
      Number((stats as { count: number }).count),
    ]),
  );
  const serverErrors = Object.entries(byStatus)
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `\nbench:load — ${CONNECTIONS} conexiones, ${DURATION} s, base ${scratch.databaseUrl ? 'PostgreSQL' : 'SQLite'}`,
  );
  console.table({
    'peticiones/s (promedio)': result.requests.average,
    'latencia p50 (ms)': result.latency.p50,
    'latencia p99 (ms)': result.latency.p99,
    'peticiones totales': result.requests.total,
    errores: result.errors,
    timeouts: result.timeouts,
    '5xx': serverErrors,
    'RSS antes (MiB)': Math.round(rssBefore),
    'RSS después (MiB)': Math.round(rssAfter),
  });
  console.log('respuestas por código:', byStatus);
  if (serverErrors > 0 || result.errors > 0) process.exitCode = 1;
} finally {
  await server.stop();
  await scratch.drop();
}
