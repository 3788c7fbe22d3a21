import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../src/server/platform/auth/passwords';
import { createDatabase } from '../../../src/server/platform/db/database';
import { FIXTURE_PASSWORD } from '../../support/admin-fixtures';
import { migrateBefore } from '../../support/migrate-before';
import { type StartedTestApp, startTestApp } from '../../support/test-app';

let earlier: StartedTestApp;
afterAll(async () => {
  await earlier?.close();
});

describe('migration 0025-messages', () => {
  it('opens a conversation for every mutual pair that existed, where they can write at once', async () => {
    const ids: number[] = [];
    earlier = await startTestApp({
      seedDemo: false,
      beforeBuild: async (config) => {
        const db = createDatabase(config) as any;
        await migrateBefore(db, '0025');
        const now = new Date().toISOString();
        for (const name of ['Ana', 'Beto', 'Carla']) {
          const client = await db
            .insertInto('clients')
            .values({
              first_name: name,
              last_name: 'Antes',
              email: `${name.toLowerCase()}.antes@pruebas.mx`,
              phone: '',
              password_hash: await hashPassword(FIXTURE_PASSWORD),
              date_creation: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(client.id);
        }
        const [ana, beto, carla] = ids as [number, number, number];
        const interest = (from: number, to: number, status: number) => ({
          client_id: from,
          target_client_id: to,
          status_id: status,
          contacted: 0,
          created_at: now,
        });
        // Ana–Beto mutual; Carla → Ana one-way.
        await db
          .insertInto('interests')
          .values([interest(beto, ana, 2), interest(ana, beto, 2), interest(carla, ana, 1)])
          .execute();
        await db.destroy();
      },
    });
    const { db } = earlier.app;
    const [ana, beto] = ids as [number, number];
    const conversations = await db
      .selectFrom('conversations')
      .select(['id', 'client_a', 'client_b', 'closed_at'])
      .execute();
    expect(conversations).toEqual([
      { id: expect.any(Number), client_a: ana, client_b: beto, closed_at: null },
    ]);
    const agent = earlier.agent();
    await agent.loginClient('ana.antes@pruebas.mx', FIXTURE_PASSWORD);
    const sent = await agent.post('client/messages/send', {
      conversation_id: conversations[0]!.id,
      text: 'Hola Beto, por fin podemos hablar aquí',
      client_message_id: randomUUID(),
    });
    expect(sent.statusCode).toBe(200);
  });
});
