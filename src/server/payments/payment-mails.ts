import type { Kysely } from 'kysely';
import type { PaymentInstructions } from '../../shared/contracts/payments';
import { formatInstant } from '../../shared/domain/mexico-dates';
import { formatCents, PAYMENT_METHOD_NAMES, refundRoute } from '../../shared/domain/money';
import type { Database, PaymentMethod } from '../platform/db/schema';
import { enqueueMail } from '../platform/mail/mail-jobs';
import type { RefundReason } from './payment-records';

interface Recipient {
  first_name: string;
  email: string;
}

interface PaidPlace {
  paymentId: number;
  eventId: number;
  eventName: string;
  amountCents: number;
  method: PaymentMethod | null;
  paidAt: string;
  /** Invoices are on: the mail says where she asks for hers (docs/design/28-facturas.md). */
  invoicing: boolean;
}

function closing(publicUrl: string, eventId: number): string[] {
  return ['', `${publicUrl}/evento/${eventId}`, '', 'Cita'];
}

/** The receipt: what was paid, how, when and for which event. */
export function mailReceipt(db: Kysely<Database>, publicUrl: string, to: Recipient, paid: PaidPlace) {
  return enqueueMail(db, `mail:payment-receipt:${paid.paymentId}`, {
    to: to.email,
    subject: `Recibo de pago: ${paid.eventName}`,
    text: [
      `Hola ${to.first_name}:`,
      '',
      `Recibimos tu pago. Tu lugar en «${paid.eventName}» está confirmado; en otro correo te enviamos tu boleto con su código QR.`,
      '',
      `Recibo n.º ${paid.paymentId}`,
      `Monto: ${formatCents(paid.amountCents)}`,
      ...(paid.method ? [`Forma de pago: ${PAYMENT_METHOD_NAMES[paid.method]}`] : []),
      `Fecha: ${formatInstant(paid.paidAt)} (hora del centro de México)`,
      ...(paid.invoicing
        ? [
            '',
            `¿Necesitas factura? Pídela con «Facturar» en tu boleto, dentro del plazo que ahí se indica: ${publicUrl}/asistencias`,
          ]
        : []),
      ...closing(publicUrl, paid.eventId),
    ].join('\n'),
  });
}

/** The OXXO voucher or SPEI details, so the member has them outside the site too. */
export function mailInstructions(
  db: Kysely<Database>,
  publicUrl: string,
  to: Recipient,
  payment: { id: number; eventId: number; eventName: string; amountCents: number },
  instructions: PaymentInstructions,
) {
  const lines =
    instructions.kind === 'oxxo'
      ? [
          `Paga ${formatCents(payment.amountCents)} en efectivo en cualquier tienda OXXO con esta referencia:`,
          '',
          instructions.number,
          '',
          `La ficha vence el ${formatInstant(instructions.expires_at)}. Si no se paga a tiempo, tu lugar pasará a la siguiente persona en espera.`,
        ]
      : [
          `Transfiere ${formatCents(payment.amountCents)} por SPEI a:`,
          '',
          `CLABE: ${instructions.clabe}`,
          ...(instructions.account_holder_name ? [`Beneficiario: ${instructions.account_holder_name}`] : []),
          `Banco: ${instructions.bank_name}`,
          `Referencia: ${instructions.reference}`,
          '',
          `Tu lugar queda apartado hasta el ${formatInstant(instructions.expires_at)}.`,
        ];
  return enqueueMail(db, `mail:payment-instructions:${payment.id}`, {
    to: to.email,
    subject: `${instructions.kind === 'oxxo' ? 'Tu ficha OXXO' : 'Datos para tu transferencia'}: ${payment.eventName}`,
    text: [
      `Hola ${to.first_name}:`,
      '',
      ...lines,
      ...(instructions.url ? ['', `Ficha para imprimir: ${instructions.url}`] : []),
      ...closing(publicUrl, payment.eventId),
    ].join('\n'),
  });
}

/** Why the money goes back; a cancellation's reason names the refund rule's hours (refund-rule.ts). */
const REFUND_REASONS: Record<Exclude<RefundReason, 'cancelled'>, string> = {
  late: 'Tu pago llegó cuando el tiempo para pagar ya había terminado y el lugar ya era de otra persona, así que te lo devolvemos completo.',
  duplicate: 'Tu lugar ya estaba pagado, así que te devolvemos este segundo pago completo.',
  admin: 'El equipo de Cita te devolvió el pago completo.',
  erased: 'Eliminaste tu cuenta, así que te devolvemos el pago completo.',
};

/** The member is told that her money is on its way back, why, and where it goes for the way she paid. */
export function mailRefund(
  db: Kysely<Database>,
  publicUrl: string,
  to: Recipient,
  refund: {
    paymentId: number;
    eventId: number;
    eventName: string;
    amountCents: number;
    method: PaymentMethod | null;
    reason: RefundReason;
    refundHours: number;
  },
) {
  return enqueueMail(db, `mail:payment-refund:${refund.paymentId}`, {
    to: to.email,
    subject: `Reembolso: ${refund.eventName}`,
    text: [
      `Hola ${to.first_name}:`,
      '',
      refund.reason === 'cancelled'
        ? `Cancelaste tu lugar con más de ${refund.refundHours} horas de anticipación, así que te devolvemos el pago completo.`
        : REFUND_REASONS[refund.reason],
      '',
      `Monto: ${formatCents(refund.amountCents)} (recibo n.º ${refund.paymentId})`,
      refundRoute(refund.method, to.email),
      ...closing(publicUrl, refund.eventId),
    ].join('\n'),
  });
}
