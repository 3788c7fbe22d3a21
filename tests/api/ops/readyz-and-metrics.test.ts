import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../../src/server/platform/db/migrations/index';
import { enqueueMail } from '../../../src/server/platform/mail/mail-jobs';
import { waitForQueueIdle } from '../../support/queue';
import { setUpTestApp } from '../../support/test-app';

const METRICS_TOKEN = 'token-de-metricas-0123456789';
const testApp = setUpTestApp({ seedDemo: false, env: { METRICS_TOKEN } });

async function metrics(options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return testApp.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.headers,
  });
}

/** The value of one sample line, e.g. `cita_mails_total{outcome="sent"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function readyz() {
  const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
  return { statusCode: response.statusCode, body: response.json() };
}

describe('/metrics (docs/design/23-online.md)', () => {
  it('answers the machine itself in Prometheus text, with the process figures', async () => {
    const response = await metrics();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('# TYPE cita_http_request_duration_seconds histogram');
    expect(response.body).toContain('process_resident_memory_bytes');
    expect(response.body).toContain('cita_live_connections 0');
  });

  it('is a 404 to anyone else, whatever X-Forwarded-For says, unless the token is given', async () => {
    expect((await metrics({ remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
    expect(
      (await metrics({ remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } }))
        .statusCode,
    ).toBe(404);
    // The reverse proxy on this machine connects from loopback, but says whom it forwards.
    expect((await metrics({ headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(404);
    expect(
      (
        await metrics({
          remoteAddress: '203.0.113.7',
          headers: { authorization: 'Bearer otro-token-cualquiera' },
        })
      ).statusCode,
    ).toBe(404);
    const withToken = await metrics({
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('cita_jobs_waiting');
  });

  it('times requests by route pattern and status, never by the address with its ids', async () => {
    await testApp.app.inject({ method: 'GET', url: '/images/events/no-existe-12345.webp' });
    await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const text = (await metrics()).body;
    expect(text).toMatch(
      /cita_http_request_duration_seconds_count\{route="\/images\/events\/:file",method="GET",status="404"\} 1/,
    );
    expect(text).toMatch(
      /cita_http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="200"\} 1/,
    );
    expect(text).not.toContain('no-existe-12345');
    // Buckets are cumulative and end at +Inf with the count; the sum is in seconds.
    const health = '{le="+Inf",route="/api/health",method="GET",status="200"}';
    expect(sample(text, `cita_http_request_duration_seconds_bucket${health}`)).toBe(1);
    const quick = sample(
      text,
      'cita_http_request_duration_seconds_bucket{le="10",route="/api/health",method="GET",status="200"}',
    );
    expect(quick).toBe(1);
    const seconds = sample(
      text,
      'cita_http_request_duration_seconds_sum{route="/api/health",method="GET",status="200"}',
    );
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
  });

  it('counts an e-mail sent, and the queue figures come from the jobs table', async () => {
    const before = sample((await metrics()).body, 'cita_mails_total{outcome="sent"}');
    await enqueueMail(testApp.app.db, 'mail:metricas:1', {
      to: 'metricas@pruebas.mx',
      subject: 'Prueba',
      text: 'Hola',
    });
    testApp.app.queue.wake();
    await waitForQueueIdle(testApp.app.db);
    const text = (await metrics()).body;
    expect(sample(text, 'cita_mails_total{outcome="sent"}')).toBe(before + 1);
    expect(sample(text, 'cita_jobs_waiting{kind="mail"}')).toBe(0);
    expect(text).toContain('cita_jobs_waiting{kind="mail"} 0');
  });
});

describe('/readyz (docs/design/23-online.md)', () => {
  it('is 200 when the database answers, the migrations are current and the worker beats', async () => {
    const { statusCode, body } = await readyz();
    expect(statusCode).toBe(200);
    expect(body.status).toBe('success');
    expect(body.parts.map((part: { name: string }) => part.name)).toEqual([
      'base de datos',
      'migraciones',
      'cola de trabajos',
    ]);
  });

  it('is 503 naming the migrations when the database lacks the latest', async () => {
    const latest = Object.keys(migrations).sort().at(-1)!;
    const row = await sql<{
      name: string;
      timestamp: string;
    }>`select * from kysely_migration where name = ${latest}`.execute(testApp.app.db);
    await sql`delete from kysely_migration where name = ${latest}`.execute(testApp.app.db);
    try {
      const { statusCode, body } = await readyz();
      expect(statusCode).toBe(503);
      expect(body.message).toBe(`No está lista: migraciones (faltan por aplicar: ${latest})`);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${latest}, ${row.rows[0]!.timestamp})`.execute(
        testApp.app.db,
      );
    }
    expect((await readyz()).statusCode).toBe(200);
  });

  it('is 503 naming the queue when this instance’s worker stopped, and the waiting job shows in /metrics', async () => {
    await testApp.app.queue.stop();
    await enqueueMail(testApp.app.db, 'mail:metricas:2', {
      to: 'espera@pruebas.mx',
      subject: 'x',
      text: 'y',
    });
    const { statusCode, body } = await readyz();
    expect(statusCode).toBe(503);
    expect(body.status).toBe('danger');
    expect(body.message).toBe('No está lista: cola de trabajos (detenida en esta instancia)');
    const text = (await metrics()).body;
    expect(sample(text, 'cita_jobs_waiting{kind="mail"}')).toBe(1);
    expect(sample(text, 'cita_jobs_oldest_waiting_seconds{kind="mail"}')).toBeGreaterThanOrEqual(0);
    testApp.app.queue.start();
    expect((await readyz()).statusCode).toBe(200);
  });
});
