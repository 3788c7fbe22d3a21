import { mexicoCityFormat } from '../shared/domain/mexico-time';
import { formatCents } from '../shared/domain/money';
import type { CheckoutSession, PaymentIntent } from './provider-state';

/** The buttons of the test checkout page, each a form posted to /pago/{session}/{action}. */
export type PageAction = 'tarjeta' | 'tarjeta-rechazada' | 'oxxo' | 'spei' | 'pagar-ficha' | 'vencer-ficha';

/** Text and attribute values in the pages; a fake server of its own, it borrows nothing from the site. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const expiry = mexicoCityFormat({
  dateStyle: 'long',
  timeStyle: 'short',
});

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:28rem;margin:0 auto;padding:1rem}
.card{background:#fff;border-radius:.75rem;padding:1rem;margin-bottom:1rem;box-shadow:0 1px 3px #0002}
.test{background:#fef3c7;color:#78350f;padding:.5rem .75rem;border-radius:.5rem;font-size:.875rem}
.notice{background:#fee2e2;color:#7f1d1d;padding:.5rem .75rem;border-radius:.5rem}
.ok{background:#dcfce7;color:#14532d}
button{display:block;width:100%;min-height:48px;margin:.5rem 0;border:0;border-radius:.5rem;font-size:1rem;background:#be185d;color:#fff;cursor:pointer}
button.secondary{background:#e4e4e7;color:#18181b}
dt{font-size:.8rem;color:#52525b}dd{margin:0 0 .5rem;font-weight:600;word-break:break-all}
h1{font-size:1.25rem}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function form(session: CheckoutSession, action: PageAction, label: string, secondary = false): string {
  return `<form method="post" action="/pago/${escapeHtml(session.id)}/${action}"><button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;
}

function instructions(intent: PaymentIntent): string {
  const action = intent.next_action ?? {};
  const oxxo = action.oxxo_display_details as { number: string; expires_after: number } | undefined;
  if (oxxo) {
    return `<dl><dt>Referencia OXXO</dt><dd>${escapeHtml(oxxo.number)}</dd><dt>Monto</dt><dd>${formatCents(intent.amount)}</dd><dt>Vence</dt><dd>${escapeHtml(expiry.format(new Date(oxxo.expires_after * 1000)))}</dd></dl>`;
  }
  const transfer = action.display_bank_transfer_instructions as
    | { reference: string; financial_addresses: { spei: { clabe: string; bank_name: string } }[] }
    | undefined;
  const spei = transfer?.financial_addresses[0]?.spei;
  if (transfer && spei) {
    return `<dl><dt>CLABE</dt><dd>${escapeHtml(spei.clabe)}</dd><dt>Banco</dt><dd>${escapeHtml(spei.bank_name)}</dd><dt>Referencia</dt><dd>${escapeHtml(transfer.reference)}</dd><dt>Monto</dt><dd>${formatCents(intent.amount)}</dd></dl>`;
  }
  return '';
}

/** Checkout's test page: what is paid, and one button per outcome a real payment can have. */
export function checkoutPage(
  session: CheckoutSession | undefined,
  intent: PaymentIntent | undefined,
  notice?: string,
): string {
  if (!session) {
    return layout(
      'Pago de prueba',
      '<h1>Pago de prueba</h1><p class="notice">Esta sesión de pago no existe.</p>',
    );
  }
  const back = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">Volver sin pagar</a></p>`
    : '';
  const header = `<h1>Pago de prueba</h1>
<p class="test">Proveedor de pagos de prueba de Cita: no se cobra dinero real.</p>
<div class="card"><p>${escapeHtml(session.line_item_name)}</p><p><strong>${formatCents(session.amount_total)}</strong></p></div>
${notice ? `<p class="notice" role="alert">${escapeHtml(notice)}</p>` : ''}`;
  let body: string;
  if (session.status === 'open') {
    const methods = session.payment_method_types;
    body = `<div class="card"><h2>Elige cómo pagar</h2>
${methods.includes('card') ? form(session, 'tarjeta', 'Pagar con tarjeta (aprobada)') + form(session, 'tarjeta-rechazada', 'Pagar con tarjeta rechazada', true) : ''}
${methods.includes('oxxo') ? form(session, 'oxxo', 'Generar ficha OXXO') : ''}
${methods.includes('customer_balance') ? form(session, 'spei', 'Pagar por transferencia SPEI') : ''}
</div>${back}`;
  } else if (session.status === 'expired') {
    body = '<p class="notice">Esta sesión de pago expiró.</p>';
  } else if (intent?.status === 'requires_action') {
    const isOxxo = intent.payment_method_types.includes('oxxo');
    body = `<div class="card"><h2>${isOxxo ? 'Ficha OXXO pendiente' : 'Transferencia SPEI pendiente'}</h2>${instructions(intent)}
${form(session, 'pagar-ficha', isOxxo ? 'Simular pago de la ficha en OXXO' : 'Simular transferencia SPEI recibida')}
${form(session, 'vencer-ficha', isOxxo ? 'Dejar vencer la ficha' : 'Dejar vencer la transferencia', true)}</div>`;
  } else if (session.payment_status === 'paid') {
    body = '<p class="notice ok">Pago recibido.</p>';
  } else {
    body = '<p class="notice">Este pago no se completó.</p>';
  }
  return layout('Pago de prueba', header + body);
}

/** The hosted voucher (OXXO) or transfer instructions (SPEI) page. */
export function voucherPage(session: CheckoutSession | undefined, intent: PaymentIntent | undefined): string {
  if (!session || !intent) {
    return layout('Ficha de pago', '<h1>Ficha de pago</h1><p class="notice">Esta ficha no existe.</p>');
  }
  const oxxo = intent.payment_method_types.includes('oxxo');
  // A test voucher can be paid or left to lapse from here too, so the demo can be followed to its end.
  const state =
    intent.status === 'requires_action'
      ? `${instructions(intent)}${form(session, 'pagar-ficha', oxxo ? 'Simular pago de la ficha en OXXO' : 'Simular transferencia SPEI recibida')}${form(session, 'vencer-ficha', oxxo ? 'Dejar vencer la ficha' : 'Dejar vencer la transferencia', true)}`
      : intent.status === 'succeeded'
        ? '<p class="notice ok">Pagada.</p>'
        : '<p class="notice">Venció sin pago.</p>';
  return layout(
    'Ficha de pago',
    `<h1>Ficha de pago</h1><p class="test">Ficha de prueba: no se cobra dinero real.</p><div class="card"><p>${escapeHtml(session.line_item_name)}</p>${state}</div>`,
  );
}
