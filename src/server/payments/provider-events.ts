import { z } from 'zod';

/**
 * What the product reads of the provider's webhook events, checked before anything is applied:
 * a correctly signed body the product cannot use (no `data.object`, a session without an id, an
 * amount that is not a number…) is refused with a 400 and a log line, never a 500 (docs/design/22-places-and-money.md).
 */

/** An expandable reference: the object's id, or the object itself when it was expanded. */
const reference = z.union([z.string().min(1), z.object({ id: z.string().min(1) })]);

/** The part of a Checkout Session the product reads (a retrieved `Stripe.Checkout.Session` fits it too). */
export const providerSessionSchema = z.object({
  id: z.string().min(1),
  status: z.string().nullable(),
  payment_status: z.string(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
  payment_intent: reference.nullable(),
  /** The Customer a SPEI payment needs (docs/design/22-places-and-money.md: erasure deletes it at the provider). */
  customer: reference.nullable().optional(),
});
export type ProviderSession = z.infer<typeof providerSessionSchema>;

/** The part of a Charge that `charge.refunded` carries and the product reads. */
export const providerChargeSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  currency: z.string(),
  refunded: z.boolean(),
  payment_intent: reference.nullable(),
});
export type ProviderCharge = z.infer<typeof providerChargeSchema>;

const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

export type ProviderEvent =
  | { id: string; type: string; kind: 'session'; session: ProviderSession }
  | { id: string; type: string; kind: 'charge refunded'; charge: ProviderCharge }
  | { id: string; type: string; kind: 'unused' };

/** A signed body the product cannot use; `issues` says why, for the log. */
export class UnusableEventError extends Error {
  constructor(readonly issues: unknown) {
    super('payments: the provider event cannot be used');
  }
}

/** Reads a verified event's JSON as the product uses it, or throws UnusableEventError. */
export function parseProviderEvent(json: unknown): ProviderEvent {
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) throw new UnusableEventError(z.treeifyError(envelope.error));
  const { id, type, data } = envelope.data;
  if (SESSION_EVENTS.has(type)) {
    const session = providerSessionSchema.safeParse(data.object);
    if (!session.success) throw new UnusableEventError(z.treeifyError(session.error));
    return { id, type, kind: 'session', session: session.data };
  }
  if (type === 'charge.refunded') {
    const charge = providerChargeSchema.safeParse(data.object);
    if (!charge.success) throw new UnusableEventError(z.treeifyError(charge.error));
    return { id, type, kind: 'charge refunded', charge: charge.data };
  }
  return { id, type, kind: 'unused' };
}

/** The id of an expandable reference. */
export function idOf(value: z.infer<typeof reference> | null): string | null {
  if (value === null) return null;
  return typeof value === 'string' ? value : value.id;
}
