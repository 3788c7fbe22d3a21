import { z } from 'zod';
import { idSchema, optionalIdSchema, successAnswer } from './common';
import { promoCodeSchema } from './promo-codes';

/** docs/design/15-payments.md: paying for a place online (card, OXXO, SPEI), and the back office's view of it. */

export const paymentStatusSchema = z.enum(['pending', 'paid', 'refunded', 'failed', 'manual', 'void']);
export type PaymentStatusName = z.infer<typeof paymentStatusSchema>;
/** How an organizer took the money of a place she confirms by hand (docs/design/22-places-and-money.md). */
export const MANUAL_PAYMENT_METHODS = ['cash', 'transfer', 'other'] as const;
export type ManualPaymentMethod = (typeof MANUAL_PAYMENT_METHODS)[number];

export const paymentMethodSchema = z.enum(['card', 'oxxo', 'spei', 'cash', 'transfer', 'other']);
export type PaymentMethodName = z.infer<typeof paymentMethodSchema>;

/** What a member needs to pay a pending OXXO voucher or SPEI transfer. */
export const paymentInstructionsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('oxxo'),
    /** The voucher's reference, read out at the store's till. */
    number: z.string(),
    expires_at: z.string(),
    /** The provider's printable voucher. */
    url: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('spei'),
    clabe: z.string(),
    /** Whom the transfer goes to (the beneficiary her bank asks for); null in details stored before it was read. */
    account_holder_name: z.string().nullable(),
    bank_name: z.string(),
    reference: z.string(),
    expires_at: z.string(),
    url: z.string().nullable(),
  }),
]);
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

/** `code`: a promo code for a held place that has none yet (docs/design/25-organizers.md). */
export const clientPaymentsCheckoutBody = z.object({
  client_id: optionalIdSchema,
  event_id: idSchema,
  code: promoCodeSchema.optional(),
});
export type ClientPaymentsCheckoutBody = z.input<typeof clientPaymentsCheckoutBody>;
export const clientPaymentsCheckoutAnswer = successAnswer({
  /** The provider's hosted payment page: the browser goes there. */
  url: z.string(),
});
export type ClientPaymentsCheckoutAnswer = z.infer<typeof clientPaymentsCheckoutAnswer>;

export const clientPaymentsGetBody = z.object({ client_id: optionalIdSchema }).optional();

/**
 * Where the member stands with the payment of one of her places:
 * 'due' to pay (no voucher pending), 'awaiting' an OXXO voucher or SPEI transfer, 'paid',
 * 'refunding' (a refund is on its way), 'refunded'.
 */
export const memberPaymentSchema = z.object({
  event_id: z.number(),
  state: z.enum(['due', 'awaiting', 'paid', 'refunding', 'refunded']),
  amount_cents: z.number(),
  method: paymentMethodSchema.nullable(),
  /** While 'due' or 'awaiting': when the place is released if unpaid. */
  due_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  instructions: paymentInstructionsSchema.nullable(),
  /** Once paid: cancelling before this time refunds in full; null when a cancellation would not. */
  refund_until: z.string().nullable(),
  /** The refund rule's hours (REFUND_HOURS): what the screens say, never a figure of their own. */
  refund_hours: z.number().int().nonnegative(),
  /** The promo code her place holds (already taken off `amount_cents`); null without one. */
  code: z.string().nullable(),
});
export type MemberPayment = z.infer<typeof memberPaymentSchema>;

export const clientPaymentsGetAnswer = successAnswer({ payments: z.array(memberPaymentSchema) });
export type ClientPaymentsGetAnswer = z.infer<typeof clientPaymentsGetAnswer>;

/** The payment of one attendee, as the back office's attendance list shows it. */
export const attendeePaymentSchema = z.object({
  status: paymentStatusSchema,
  method: paymentMethodSchema.nullable(),
  amount_cents: z.number(),
  paid_at: z.string().nullable(),
  /**
   * An OXXO voucher or SPEI transfer issued and not paid yet (even beside a payment taken by hand):
   * if she pays it too, it is refunded automatically.
   */
  awaiting: z.enum(['oxxo', 'spei']).nullable(),
});
export type AttendeePayment = z.infer<typeof attendeePaymentSchema>;

/** event/details' figures: places paid and pending, money in and money returned. */
export const eventPaymentsSummarySchema = z.object({
  paid: z.number(),
  pending: z.number(),
  revenue_cents: z.number(),
  refunded_cents: z.number(),
});
export type EventPaymentsSummary = z.infer<typeof eventPaymentsSummarySchema>;

export const ADMIN_PAYMENTS_PAGE_SIZE = 50;

export const adminPaymentsGetBody = z.object({
  admin_id: optionalIdSchema,
  event_id: idSchema.optional(),
  status: paymentStatusSchema.optional(),
  page: z
    .number()
    .int('La página debe ser un número entero')
    .min(1, 'La página empieza en 1')
    .max(100_000)
    .optional(),
});
export type AdminPaymentsGetBody = z.input<typeof adminPaymentsGetBody>;

export const adminPaymentSchema = z.object({
  id: z.number(),
  event_id: z.number(),
  event_name: z.string(),
  client_id: z.number(),
  client: z.string(),
  email: z.string(),
  status: paymentStatusSchema,
  method: paymentMethodSchema.nullable(),
  amount_cents: z.number(),
  refunded_cents: z.number(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** A refund was asked for and is on its way. */
  refund_requested: z.boolean(),
  /** The provider's id of the payment (Checkout Session), for looking it up there. */
  session_id: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentsGetAnswer = successAnswer({
  payments: z.array(adminPaymentSchema),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
});
export type AdminPaymentsGetAnswer = z.infer<typeof adminPaymentsGetAnswer>;

export const adminPaymentsRefundBody = z.object({ admin_id: optionalIdSchema, payment_id: idSchema });
export type AdminPaymentsRefundBody = z.input<typeof adminPaymentsRefundBody>;
