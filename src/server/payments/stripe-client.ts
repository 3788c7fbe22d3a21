import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../shared/contracts/stripe-api';
import type { PaymentsConfig } from '../platform/config';

/**
 * A provider call made while a member waits gives up within 8 s in total (docs/design/22-places-and-money.md): two
 * tries of at most 2.5 s each with the client's 0.5 s pause between them, 5.5 s, leaving room for
 * the request's own database work on a busy machine. The idempotency key every such call carries makes the second
 * try safe. The timeout is the client's socket timeout: it fires when the provider stays silent
 * that long, which is how a hanging provider behaves.
 */
export const WHILE_A_MEMBER_WAITS = { timeout: 2_500, maxNetworkRetries: 1 } as const;

/**
 * The official client, pointed at Stripe or, through `apiBase`, at any server that speaks its API
 * (the built-in test provider, a test's): one code path for the demo, the tests and production.
 */
export function createStripeClient(config: PaymentsConfig, refusal: () => Promise<string | null>): Stripe {
  if (!config.secretKey) throw new Error('STRIPE_SECRET_KEY is required when payments are on');
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    httpClient: refusingHttpClient(refusal),
    apiVersion: STRIPE_API_VERSION,
    // Background work (refunds, the reconciliation, reading a webhook's payment) may wait longer.
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'Cita' },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/**
 * The client's own HTTP transport, asked first whether calls are refused (a restored database in
 * quarantine calls no provider, docs/design/24-backups.md): every call of every path goes through here.
 */
function refusingHttpClient(refusal: () => Promise<string | null>): Stripe.HttpClient {
  const transport = Stripe.createNodeHttpClient();
  return Object.assign(Object.create(transport) as Stripe.HttpClient, {
    async makeRequest(...args: Parameters<Stripe.HttpClient['makeRequest']>) {
      const refused = await refusal();
      if (refused) throw new Error(refused);
      return transport.makeRequest(...args);
    },
  });
}
