import type { AppConfig } from '../platform/config';
import { createStripeClient } from './stripe-client';

/** How long the operator's check waits for the provider (no member is waiting). */
const PROVIDER_CHECK_TIMEOUT_MS = 10_000;

/**
 * Whether payments are set up as this install needs, in Spanish for the operator (`cita doctor`):
 * off, the built-in test provider (refused in production), or the provider accepting the key.
 */
export async function checkPaymentsSetup(
  config: Pick<AppConfig, 'payments' | 'production'>,
): Promise<{ ok: boolean; detail: string }> {
  const { payments } = config;
  if (payments.mode === 'off') return { ok: true, detail: 'apagados (PAYMENTS=off): confirmación manual' };
  if (payments.mode === 'test-provider') {
    const detail = 'sin STRIPE_SECRET_KEY: el proveedor de pagos de prueba incluido';
    return config.production
      ? { ok: false, detail: `${detail}; en producción define STRIPE_SECRET_KEY o PAYMENTS=off` }
      : { ok: true, detail };
  }
  const where = payments.apiBase ? new URL(payments.apiBase).host : 'Stripe';
  const live = payments.secretKey?.includes('_live_') ? 'modo real' : 'modo de prueba';
  try {
    // Asked even while a restored database is quarantined: a balance read moves no money.
    await createStripeClient(payments, async () => null).balance.retrieve(
      {},
      { timeout: PROVIDER_CHECK_TIMEOUT_MS, maxNetworkRetries: 0 },
    );
    return { ok: true, detail: `${where} acepta la clave (${live})` };
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: string; message?: string };
    const reason = [code, message].filter(Boolean).join(': ') || String(error);
    return { ok: false, detail: `${where} no aceptó la llamada (${reason})` };
  }
}
