import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitForJobs, waitForQueueIdle } from '../../support/queue';
import { freePort } from '../../support/server-process';
import { TestSmtp, waitUntil } from '../../support/smtp';
import { type StartedTestApp, startTestApp } from '../../support/test-app';

let testApp: StartedTestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = new TestSmtp(await freePort());
  await smtp.start();
  testApp = await startTestApp({
    seedDemo: false,
    env: { SMTP_URL: smtp.url, QUEUE_RETRY_MS: '100', QUEUE_POLL_MS: '50' },
  });
});
afterAll(async () => {
  await testApp?.close();
  await smtp?.stop();
});

const welcomeJob = (clientId: number) => `mail:welcome:client:${clientId}`;

it('retries a mail through an SMTP outage and delivers it once when the server is back', async () => {
  const { db } = testApp.app;
  smtp.mode = 'refuse';
  const signUp = await testApp.agent().post<{ client_id: number }>('client/add', {
    client: {
      first_name: 'Lucía',
      last_name: 'Paredes',
      email: 'lucia.paredes@example.mx',
      phone: '5512345678',
      birthday: '1992-03-04',
      gender: 1,
      occupation: 'Arquitecta',
      instagram: '',
      password: 'una-clave-larga',
      privacy_consent: true,
    },
  });
  expect(signUp.statusCode).toBe(200);
  const key = welcomeJob(signUp.body.client_id);

  // The server refuses with 451: the job fails, keeps the reason and waits for its next try.
  await waitForJobs(db, (jobs) =>
    jobs.some(
      (job) =>
        job.key === key && job.attempts >= 2 && job.state === 'pending' && /451/.test(job.last_error ?? ''),
    ),
  );
  // The server is down altogether: still failing, still queued.
  await smtp.stop();
  const refused = (
    await db.selectFrom('jobs').select('attempts').where('key', '=', key).executeTakeFirstOrThrow()
  ).attempts;
  await waitForJobs(db, (jobs) =>
    jobs.some(
      (job) =>
        job.key === key &&
        job.attempts > refused &&
        job.state === 'pending' &&
        /ECONNREFUSED/.test(job.last_error ?? ''),
    ),
  );
  expect(smtp.to('lucia.paredes@example.mx')).toEqual([]);

  smtp.mode = 'accept';
  await smtp.start();
  await waitUntil(() => smtp.to('lucia.paredes@example.mx').length > 0, 'the welcome mail', 15_000);
  await waitForQueueIdle(db);
  const delivered = smtp.to('lucia.paredes@example.mx');
  expect(delivered).toHaveLength(1);
  expect(delivered[0]!.raw).toMatch(/^Subject: Te damos la bienvenida a Cita/m);
  expect(delivered[0]!.raw).toMatch(/^Message-ID: <\d+-job-\d{10}@cita\.mx>/im);
  const job = await db.selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  expect(job).toMatchObject({ state: 'done', payload: null, last_error: null });
  expect(job.attempts).toBeGreaterThan(refused);
});
