import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/platform/db/database';
import { mailsTo } from '../../support/outbox';
import { waitForJobs, waitForQueueIdle } from '../../support/queue';
import {
  createScratchDatabase,
  freePort,
  type ScratchDatabase,
  ServerProcess,
} from '../../support/server-process';
import { TestSmtp, waitUntil } from '../../support/smtp';

let scratch: ScratchDatabase | undefined;
let server: ServerProcess | undefined;
let smtp: TestSmtp | undefined;
afterEach(async () => {
  await server?.stop();
  await smtp?.stop();
  await scratch?.drop();
  server = undefined;
  smtp = undefined;
  scratch = undefined;
});

function signUp(email: string) {
  return {
    client: {
      first_name: 'Renata',
      last_name: 'Solís',
      email,
      phone: '5511122233',
      birthday: '1991-07-08',
      gender: 1,
      occupation: 'Médica',
      instagram: '',
      password: 'una-clave-larga',
      privacy_consent: true,
    },
  };
}

describe('the queue through kill -9', () => {
  it('sends a mail queued by a process killed before sending it, once, after the restart', async () => {
    scratch = await createScratchDatabase();
    const db = createDatabase(scratch);
    try {
      // This instance answers requests but runs no jobs: the mail can only wait in the table.
      server = await ServerProcess.start({ ...scratch, env: { SEED_DEMO: '0', QUEUE_CONCURRENCY: '0' } });
      const email = 'renata.antes@example.mx';
      expect((await server.post('client/add', signUp(email))).statusCode).toBe(200);
      await waitForJobs(db, (jobs) => jobs.some((job) => job.kind === 'mail' && job.state === 'pending'));
      server.signal('SIGKILL');
      await server.exited;
      expect(await mailsTo(scratch.dataDir, email)).toEqual([]);

      server = await ServerProcess.start({ ...scratch, env: { SEED_DEMO: '0', QUEUE_POLL_MS: '100' } });
      await waitForJobs(db, (jobs) => jobs.some((job) => job.kind === 'mail' && job.state === 'done'));
      await waitForQueueIdle(db);
      const mails = await mailsTo(scratch.dataDir, email);
      expect(mails.map((mail) => mail.subject)).toEqual(['Te damos la bienvenida a Cita']);
    } finally {
      await db.destroy();
    }
  });

  it('takes over a mail whose sender was killed mid-delivery once its lease ends, and delivers it once', async () => {
    scratch = await createScratchDatabase();
    smtp = new TestSmtp(await freePort());
    smtp.mode = 'stall';
    await smtp.start();
    const db = createDatabase(scratch);
    try {
      const env = { SEED_DEMO: '0', SMTP_URL: smtp.url, QUEUE_POLL_MS: '100', QUEUE_LEASE_MS: '2000' };
      server = await ServerProcess.start({ ...scratch, env });
      const email = 'renata.durante@example.mx';
      expect((await server.post('client/add', signUp(email))).statusCode).toBe(200);
      // The job is claimed and the SMTP conversation has started when the process dies.
      await waitUntil(() => smtp!.attempts === 1, 'the first delivery attempt');
      await waitForJobs(db, (jobs) => jobs.some((job) => job.kind === 'mail' && job.state === 'running'));
      server.signal('SIGKILL');
      await server.exited;

      smtp.mode = 'accept';
      server = await ServerProcess.start({ ...scratch, env });
      await waitUntil(() => smtp!.to(email).length > 0, 'the delivery after the restart', 15_000);
      await waitForQueueIdle(db);
      expect(smtp.to(email)).toHaveLength(1);
      const job = await db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', 'mail')
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ state: 'done', attempts: 2 });
    } finally {
      await db.destroy();
    }
  });
});
