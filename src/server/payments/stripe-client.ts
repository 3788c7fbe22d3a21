import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../shared/contracts/stripe-api';
import type { PaymentsConfig } from '../platform/config';

/**
 * The official client, pointed at Stripe or, through `apiBase`, at any server that speaks its API
 * (the built-in test provider, a test's): one code path for the demo, the tests and production.
 */
export function createStripeClient(config: PaymentsConfig): Stripe {
  if (!config.secretKey) throw new Error('STRIPE_SECRET_KEY is required when payments are on');
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
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
