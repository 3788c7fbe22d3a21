import type { InvoicesConfig } from '../platform/config';
import { FacturapiPac } from './facturapi-pac';

/**
 * The PAC this app talks to: Facturapi, or through `apiBase` any server that speaks its API (the
 * test PAC, a test's): one code path for the demo, the tests and production. Null when invoices
 * are off.
 */
export function createPac(
  config: InvoicesConfig,
  refusal: () => Promise<string | null>,
): FacturapiPac | null {
  if (config.mode === 'off') return null;
  if (!config.apiKey) throw new Error('FACTURAPI_KEY is required when invoices are on');
  return new FacturapiPac({
    apiKey: config.apiKey,
    apiBase: config.apiBase,
    issuer: config.issuer,
    refusal,
    timeoutMs: config.jobTimeoutMs,
  });
}
