import type { AppConfig } from '../platform/config';
import { createPac } from './pac-client';

/** How long the operator's check waits for the PAC (no member is waiting). */
const PAC_CHECK_TIMEOUT_MS = 10_000;

/**
 * Whether invoicing is set up as this install needs, in Spanish for the operator (`cita doctor`):
 * off, the built-in test PAC (refused in production), or the PAC accepting the key.
 */
export async function checkInvoicesSetup(
  config: Pick<AppConfig, 'invoices' | 'production'>,
): Promise<{ ok: boolean; detail: string }> {
  const { invoices } = config;
  if (invoices.mode === 'off') return { ok: true, detail: 'apagadas (INVOICES=off): no se emiten CFDI' };
  const issuer = `${invoices.issuer.rfc}, régimen ${invoices.issuer.regime}, CP ${invoices.issuer.zip}, IVA ${invoices.issuer.ivaRate * 100} %`;
  if (invoices.mode === 'test-pac') {
    const detail = `sin FACTURAPI_KEY: el PAC de prueba incluido («SIN VALIDEZ FISCAL»), como ${issuer}`;
    return config.production
      ? { ok: false, detail: `${detail}; en producción define FACTURAPI_KEY o INVOICES=off` }
      : { ok: true, detail };
  }
  const where = invoices.apiBase ? new URL(invoices.apiBase).host : 'Facturapi';
  const live = invoices.apiKey?.startsWith('sk_live_') ? 'modo real' : 'modo de prueba';
  try {
    // Asked even while a restored database is quarantined: a list issues nothing.
    const pac = createPac({ ...invoices, jobTimeoutMs: PAC_CHECK_TIMEOUT_MS }, async () => null);
    await pac?.check();
    return { ok: true, detail: `${where} acepta la clave (${live}); emite como ${issuer}` };
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: string; message?: string };
    const reason = [code, message].filter(Boolean).join(': ') || String(error);
    return { ok: false, detail: `${where} no aceptó la llamada (${reason})` };
  }
}
