import { afterEach, describe, expect, it, vi } from 'vitest';
import { run as restoreVerb } from '../../../src/ops/restore';
import { buildApp } from '../../../src/server/app';
import { makeVerifiedSnapshot } from '../../../src/server/platform/backups/make-snapshot';
import { createDatabase } from '../../../src/server/platform/db/database';
import { FIXTURE_PASSWORD, insertEvent } from '../../support/admin-fixtures';
import { destroyDatabase, everyRow, operatorKeys } from '../../support/backups';
import { dataUrl, pngBytes } from '../../support/images';
import { pressCheckoutButton, setUpPaymentsApp } from '../../support/payments';
import { newDevice } from '../../support/push';
import { Agent } from '../../support/test-app';
import { history, mutualPair, send } from '../matches/message-helpers';
import { memberInEveryTable } from './erasure-proof';

const operator = await operatorKeys();
const { testApp, settle } = setUpPaymentsApp({ seedDemo: false, loginAdmin: true, env: operator.env });

afterEach(() => {
  vi.restoreAllMocks();
});

/** The environment `cita restore` reads on the server being rebuilt: the same database place. */
function serverEnv(): NodeJS.ProcessEnv {
  const { config } = testApp;
  return {
    ...operator.env,
    DATA_DIR: config.dataDir,
    ...(config.databaseUrl && { DATABASE_URL: config.databaseUrl }),
  };
}

/**
 * Members with photos, a paid place through the test provider, a conversation, a push
 * subscription and the audit of an admin's decision, all through the API; then one row in every
 * table that names a member (the erasure proof's filler) for whatever the API paths left empty.
 */
async function fillTheSite() {
  const { ana, beto, conversationId } = await mutualPair(testApp);
  const upload = await ana.agent.post<{ photo: { id: number } }>('client/photos/add', {
    image: dataUrl(await pngBytes(640, 800)),
  });
  expect(upload.statusCode).toBe(200);
  const approved = await testApp.admin.post('admin/photos/update', {
    photo: { id: upload.body.photo.id, status_id: 2 },
  });
  expect(approved.statusCode).toBe(200);
  expect((await send(ana, conversationId, 'Hola Beto, ¿vas el viernes?')).statusCode).toBe(200);
  expect((await send(beto, conversationId, '¡Sí! Nos vemos ahí')).statusCode).toBe(200);

  const eventId = await insertEvent(testApp.app, { price_w_cents: 35000, price_m_cents: 40000 });
  expect((await ana.agent.post('client/events/add', { event_id: eventId })).statusCode).toBe(200);
  const checkout = await ana.agent.post<{ url: string }>('client/payments/checkout', { event_id: eventId });
  expect((await pressCheckoutButton(checkout.body.url, 'tarjeta')).status).toBe(303);
  await settle();
  const subscribed = await ana.agent.post('client/push/subscribe', {
    subscription: newDevice('https://fcm.googleapis.com').subscription,
  });
  expect(subscribed.statusCode).toBe(200);
  await memberInEveryTable(testApp.app, testApp.app.personalData);
  return { ana, conversationId, eventId };
}

describe('the restore drill (docs/design/24-backups.md)', () => {
  it('backs up, loses the database, restores it whole and quarantined; the member reads her conversation and ticket', async () => {
    const { ana, conversationId, eventId } = await fillTheSite();
    const { config } = testApp;
    // The site stops (no job or heartbeat writes after the rows are read), as before a disaster.
    await testApp.app.close();
    const db = createDatabase(config);
    const before = await everyRow(db);
    const snapshot = await makeVerifiedSnapshot(db, config, 'manual');
    await db.destroy();
    expect(snapshot.reason).toBeNull();
    for (const table of [
      'clients',
      'photos',
      'images',
      'payments',
      'messages',
      'push_subscriptions',
      'audit_log',
    ]) {
      expect(before[table], table).not.toEqual([]);
    }

    await destroyDatabase(config);
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));
    expect(await restoreVerb(['latest', '--identity', operator.identityFile], serverEnv())).toBe(0);
    expect(printed.join('\n')).toMatch(/clients\s+\d+/);
    expect(printed.join('\n')).toContain('CUARENTENA');

    const restored = await buildApp(config, { logger: false });
    try {
      const after = await everyRow(restored.db);
      // The snapshot's own record is written after the snapshot; the quarantine by the restore.
      const { backups: _backupsAfter, restore_quarantine: quarantine, ...restoredTables } = after;
      const { backups: _backupsBefore, restore_quarantine: _none, ...sourceTables } = before;
      expect(restoredTables).toEqual(sourceTables);
      expect(quarantine).toHaveLength(1);

      const her = new Agent(restored);
      await her.loginClient(ana.email, FIXTURE_PASSWORD);
      const conversation = await history({ ...ana, agent: her }, conversationId);
      expect(conversation.messages.map((message) => message.text).sort()).toEqual([
        'Hola Beto, ¿vas el viernes?',
        '¡Sí! Nos vemos ahí',
      ]);
      const tickets = JSON.parse((await her.get('/api/client/tickets')).body) as {
        tickets: { event_id: number; ticket: string }[];
      };
      expect(tickets.tickets).toEqual([expect.objectContaining({ event_id: eventId })]);
    } finally {
      await restored.close();
    }
  });
});
