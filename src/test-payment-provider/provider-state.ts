import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dayInMexicoCity, mexicoLocalToUtc } from '../shared/domain/mexico-time';

/**
 * What the built-in test provider keeps: Stripe's objects in the shapes of the pinned API version
 * (docs/decisions/0029), only the fields the product reads or a reader would look for.
 */

export type Metadata = Record<string, string>;

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  allowed_payment_method_types: string[] | null;
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: string | null;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_options: Record<string, unknown>;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  ui_mode: 'hosted';
  url: string | null;
  /** Not Stripe's: what the test page shows as the product bought. */
  line_item_name: string;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: string | null;
  created: number;
  currency: string;
  customer: string | null;
  last_payment_error: { code: string; message: string; type: string } | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: Record<string, unknown> | null;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  created: number;
  livemode: false;
  type: 'card' | 'oxxo' | 'customer_balance';
  card?: { brand: string; last4: string; exp_month: number; exp_year: number };
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  created: number;
  currency: string;
  livemode: false;
  metadata: Metadata;
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  refunded: boolean;
  status: 'succeeded';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

/** A SPEI checkout needs one to match the transfer to (a customer balance). */
export interface Customer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  livemode: false;
  metadata: Metadata;
}

interface IdempotentAnswer {
  fingerprint: string;
  statusCode: number;
  body: unknown;
}

interface Saved {
  sessions: CheckoutSession[];
  paymentIntents: PaymentIntent[];
  paymentMethods: PaymentMethod[];
  charges: Charge[];
  refunds: Refund[];
  /** Absent in files saved before customers were kept. */
  customers?: Customer[];
  idempotency: [string, IdempotentAnswer][];
}

export function newId(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('base64url')}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/** Stripe: a voucher made on Monday with 2 days expires on Wednesday at 23:59, Mexico City. */
export function voucherExpiry(days: number, now = new Date()): number {
  const day = new Date(`${dayInMexicoCity(now)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return Math.floor(mexicoLocalToUtc(day.toISOString().slice(0, 10), '23:59').getTime() / 1000) + 59;
}

export function digits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join('');
}

/** The objects by id, kept in a JSON file when one is given so a restarted demo keeps its vouchers. */
export class ProviderState {
  readonly sessions = new Map<string, CheckoutSession>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, Refund>();
  readonly customers = new Map<string, Customer>();
  readonly idempotency = new Map<string, IdempotentAnswer>();

  constructor(private readonly file: string | undefined) {
    if (!file || !fs.existsSync(file)) return;
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Saved;
    for (const item of saved.sessions) this.sessions.set(item.id, item);
    for (const item of saved.paymentIntents) this.paymentIntents.set(item.id, item);
    for (const item of saved.paymentMethods) this.paymentMethods.set(item.id, item);
    for (const item of saved.charges) this.charges.set(item.id, item);
    for (const item of saved.refunds) this.refunds.set(item.id, item);
    for (const item of saved.customers ?? []) this.customers.set(item.id, item);
    for (const [key, answer] of saved.idempotency) this.idempotency.set(key, answer);
  }

  save(): void {
    if (!this.file) return;
    const saved: Saved = {
      sessions: [...this.sessions.values()],
      paymentIntents: [...this.paymentIntents.values()],
      paymentMethods: [...this.paymentMethods.values()],
      charges: [...this.charges.values()],
      refunds: [...this.refunds.values()],
      customers: [...this.customers.values()],
      idempotency: [...this.idempotency.entries()],
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(saved));
    fs.renameSync(temporary, this.file);
  }
}
