import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run as restoreVerb } from '../../../src/ops/restore';
import { enterQuarantine } from '../../../src/server/platform/backups/quarantine';
import { enqueueMail } from '../../../src/server/platform/mail/mail-jobs';
import { insertEvent } from '../../support/admin-fixtures';
import { setUpPaymentsApp } from '../../support/payments';
import { waitForQueueIdle } from '../../support/queue';
import { loggedInClient } from '../events/helpers';

const { testApp } = setUpPaymentsApp({ seedDemo: false, loginAdmin: true });

afterEach(() => {
  vi.restoreAllMocks();
});

/** `cita restore --activate` on this test's database, its printout kept out of the test's output. */
async function activate(): Promise<string> {
  const { config } = testApp;
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
  const env = { DATA_DIR: config.dataDir, ...(config.databaseUrl && { DATABASE_URL: config.databaseUrl }) };
  expect(await restoreVerb(['--activate'], env)).toBe(0);
  vi.restoreAllMocks();
  return lines.join('\n');
}

async function stateOf(key: string): Promise<string> {
  const job = await testApp.app.db
    .selectFrom('jobs')
    .select('state')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return job.state;
}

describe('a restored database in quarantine (docs/design/24-backups.md)', () => {
  it('takes no jobs (no e-mail, no push) until cita restore --activate, then sends them', async () => {
    const { app } = testApp;
    await enterQuarantine(app.db, 'cita-2026-12-13T21-05-00-000Z.sqlite.age');
    await enqueueMail(app.db, 'mail:cuarentena', { to: 'ana@pruebas.mx', subject: 'Hola', text: 'Hola' });
    // One whole poll, awaited: stop() waits for it and for any job it would have started.
    app.queue.wake();
    await app.queue.stop();
    expect(await stateOf('mail:cuarentena')).toBe('pending');

    expect(await activate()).toMatch(
      /^Cuarentena levantada en .+: vuelven los correos, los avisos y los pagos\.$/,
    );
    app.queue.start();
    await waitForQueueIdle(app.db);
    expect(await stateOf('mail:cuarentena')).toBe('done');
    expect(await activate()).toMatch(/no estaba en cuarentena\.$/);
  });

  it('cita restore --activate on a folder without a database says so and creates none', async () => {
    const empty = `${testApp.config.dataDir}-sin-base`;
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => errors.push(line));
    expect(await restoreVerb(['--activate', '--into', empty], {})).toBe(1);
    expect(errors).toEqual([`No hay ninguna base en ${empty}`]);
    expect(fs.existsSync(empty)).toBe(false);
  });

  it('calls no payment provider: checkout answers the provider-down 503 and no session is made', async () => {
    const eventId = await insertEvent(testApp.app, { price_w_cents: 35000, price_m_cents: 40000 });
    const member = await loggedInClient(testApp, { gender: 2 });
    await member.agent.post('client/events/add', { event_id: eventId });
    await enterQuarantine(testApp.app.db, 'cita-2026-12-13T21-05-00-000Z.sqlite.age');
    const refused = await member.agent.post('client/payments/checkout', { event_id: eventId });
    expect(refused.statusCode).toBe(503);
    expect(refused.body.message).toMatch(/^No pudimos conectar con el servicio de pagos/);
    const payment = await testApp.app.db
      .selectFrom('payments')
      .select('session_id')
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(payment.session_id).toBeNull();

    await activate();
    const paid = await member.agent.post('client/payments/checkout', { event_id: eventId });
    expect(paid.statusCode).toBe(200);
  });

  it('tells the admins in the back office, until activated', async () => {
    await enterQuarantine(testApp.app.db, 'cita-2026-12-13T21-05-00-000Z.sqlite.age');
    const during = await testApp.admin.post('admin/backups/get');
    expect(during.statusCode).toBe(200);
    expect(during.body.quarantine).toEqual({
      restored_from: 'cita-2026-12-13T21-05-00-000Z.sqlite.age',
      restored_at: expect.any(String),
    });
    // Backups are off in this app: nothing to keep up with.
    expect(during.body).toMatchObject({ enabled: false, latest: null, healthy: true, problem: null });
    await activate();
    expect((await testApp.admin.post('admin/backups/get')).body.quarantine).toBeNull();
  });
});
