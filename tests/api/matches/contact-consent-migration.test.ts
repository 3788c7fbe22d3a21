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

describe('migration 0028-contact-consent', () => {
  it('starts every existing pair unshared: a press for WhatsApp alone hands over no phone or Instagram', async () => {
    const ids: number[] = [];
    earlier = await startTestApp({
      seedDemo: false,
      beforeBuild: async (config) => {
        const db = createDatabase(config) as any;
        await migrateBefore(db, '0028');
        const now = new Date().toISOString();
        for (const [name, phone] of [
          ['Ana', '55 1234 5678'],
          ['Beto', '33 4444 5555'],
        ] as const) {
          const client = await db
            .insertInto('clients')
            .values({
              first_name: name,
              last_name: 'Antes',
              email: `${name.toLowerCase()}.antes@pruebas.mx`,
              phone,
              instagram: `${name.toLowerCase()}_antes`,
              password_hash: await hashPassword(FIXTURE_PASSWORD),
              date_creation: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(client.id);
        }
        const [ana, beto] = ids as [number, number];
        await db
          .insertInto('interests')
          .values(
            [
              [ana, beto],
              [beto, ana],
            ].map(([from, to]) => ({
              client_id: from,
              target_client_id: to,
              status_id: 2,
              contacted: 0,
              created_at: now,
            })),
          )
          .execute();
        const { id } = await db
          .insertInto('conversations')
          .values({ client_a: ana, client_b: beto, pair_key: `${ana}:${beto}`, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Both had pressed "Compartir mi WhatsApp".
        await db
          .insertInto('conversation_sides')
          .values(
            ids.map((clientId) => ({
              conversation_id: id,
              client_id: clientId,
              activity_at: now,
              whatsapp_shared_at: now,
            })),
          )
          .execute();
        await db.destroy();
      },
    });
    const agent = earlier.agent();
    await agent.loginClient('ana.antes@pruebas.mx', FIXTURE_PASSWORD);
    const answer = await agent.post<{ mutual: Record<string, unknown>[] }>('client/interested/get', {});
    expect(answer.body.mutual).toEqual([
      expect.objectContaining({ phone: '', instagram: '', whatsapp: null, contact_shared: false }),
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('beto_antes');
    const sides = await earlier.app.db.selectFrom('conversation_sides').select('contact_shared_at').execute();
    expect(sides).toEqual([{ contact_shared_at: null }, { contact_shared_at: null }]);
  });
});
