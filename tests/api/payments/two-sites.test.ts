import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerKey, siteId } from '../../../src/server/payments/provider-keys';
import { startTestProvider, type TestProvider } from '../../../src/test-payment-provider/test-provider';
import { insertEvent } from '../../support/admin-fixtures';
import { type StartedTestApp, startTestApp } from '../../support/test-app';
import { loggedInClient } from '../events/helpers';

// Two sites (production and a staging copy, say) with their own databases on one provider account:
// their first payments have the same id in each database.
let provider: TestProvider;
const sites: StartedTestApp[] = [];

beforeAll(async () => {
  provider = await startTestProvider({ webhookUrl: 'http://127.0.0.1:9/sin-destino' });
  for (let site = 0; site < 2; site += 1) {
    sites.push(
      await startTestApp({
        seedDemo: false,
        async beforeBuild(config) {
          config.payments = {
            ...config.payments,
            mode: 'stripe',
            secretKey: provider.secretKey,
            webhookSecret: provider.webhookSecret,
            apiBase: provider.url,
          };
        },
      }),
    );
  }
});

afterAll(async () => {
  for (const site of sites) await site.close();
  await provider.close();
});

describe('two databases on one payment provider account', () => {
  it('both open their checkout: the idempotency keys carry each site’s own id', async () => {
    const sessions: string[] = [];
    for (const site of sites) {
      const eventId = await insertEvent(site.app);
      const member = await loggedInClient(site, { gender: 1 });
      await member.agent.post('client/events/add', { event_id: eventId });
      const answer = await member.agent.post('client/payments/checkout', { event_id: eventId });
      expect({ status: answer.statusCode, message: answer.body.message }).toEqual({
        status: 200,
        message: 'Te llevamos a la página de pago',
      });
      const payment = await site.app.db
        .selectFrom('payments')
        .select(['id', 'session_id'])
        .executeTakeFirstOrThrow();
      expect(payment.id).toBe(1);
      sessions.push(payment.session_id!);
    }
    expect(new Set(sessions).size).toBe(2);
    const [first, second] = await Promise.all(sites.map((site) => siteId(site.app.db, undefined)));
    expect(first).toMatch(/^[\w-]{16}$/);
    expect(first).not.toBe(second);
  });

  it('uses the SITE_ID of the env file (cita setup) over the one kept in the database', async () => {
    const configured = 'SitioDeSetup0001';
    expect(await siteId(sites[0]!.app.db, configured)).toBe(configured);
    expect(await providerKey(sites[0]!.app.db, configured, 'refund', 7)).toBe(`cita-${configured}-refund-7`);
  });
});
