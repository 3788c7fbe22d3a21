import type { Transaction } from 'kysely';
import type {
  AttendeePayment,
  EventPaymentsSummary,
  ManualPaymentMethod,
} from '../../../shared/contracts/payments';
import type { DB } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import type { CancelReason } from './payment-holds';

type Trx = Transaction<Database>;

/** A sign-up given up: by the member, by an admin for her, or by a hold that ended unpaid. */
export interface PlaceCancelled {
  assistanceId: number;
  reason: CancelReason;
  cancelledAt: string;
}

/** An admin confirmed a held place by hand (spec §4); on a paid place, the money she says she took. */
export interface PlaceConfirmedByHand {
  assistanceId: number;
  adminId: number;
  /** Null when the place owes nothing (a free place, or payments off). */
  payment: { method: ManualPaymentMethod; amountCents: number } | null;
}

/** An admin undid a confirmation: the place is held again (status 1). */
export interface PlaceUnconfirmed {
  assistanceId: number;
  adminId: number;
}

/** An attendee arrived at the door: her place was marked as checked in. */
export interface PlaceCheckedIn {
  assistanceId: number;
  clientId: number;
  eventId: number;
  checkedInAt: string;
}

/**
 * What another domain hears of places (docs/design/22-places-and-money.md), inside the transaction that changes them,
 * so that what it does about it commits or rolls back with the change. Every method is optional.
 */
export interface PlaceListener {
  placeCancelled?(trx: Trx, cancelled: PlaceCancelled): Promise<void>;
  placeConfirmedByHand?(trx: Trx, confirmed: PlaceConfirmedByHand): Promise<void>;
  /** May refuse (throw an AppError): the whole change then rolls back. */
  placeUnconfirmed?(trx: Trx, unconfirmed: PlaceUnconfirmed): Promise<void>;
  /** A cancelled sign-up was taken again: from now on it is a new sign-up, owing nothing of the old one. */
  placeRenewed?(trx: Trx, assistanceId: number): Promise<void>;
  /** "Limpiar lista": these sign-ups are about to be deleted. */
  placesRemoved?(trx: Trx, assistanceIds: number[]): Promise<void>;
  /** Door check-in, by the QR's token or the short code alike. */
  placeCheckedIn?(trx: Trx, checkedIn: PlaceCheckedIn): Promise<void>;
}

/** What the back office shows of each place's money, read from the domain that keeps it. */
export interface PlaceMoneyView {
  attendeePayments(db: DB, eventId: number): Promise<Map<number, AttendeePayment>>;
  eventSummary(db: DB, eventId: number): Promise<EventPaymentsSummary>;
}

const NO_MONEY: PlaceMoneyView = {
  attendeePayments: async () => new Map(),
  eventSummary: async () => ({ paid: 0, pending: 0, revenue_cents: 0, refunded_cents: 0 }),
};

/**
 * The events domain's hooks, built once per app and handed to events and to whoever listens
 * (app.ts wires them): events never imports its listeners, and nothing reaches events through a
 * Fastify decorator.
 */
export class PlaceHooks {
  private readonly listeners: PlaceListener[] = [];
  private moneyView: PlaceMoneyView = NO_MONEY;

  subscribe(listener: PlaceListener): void {
    this.listeners.push(listener);
  }

  /** Who answers the back office's money columns; without one they are empty. */
  showMoneyWith(view: PlaceMoneyView): void {
    this.moneyView = view;
  }

  get money(): PlaceMoneyView {
    return this.moneyView;
  }

  async cancelled(trx: Trx, cancelled: PlaceCancelled): Promise<void> {
    for (const listener of this.listeners) await listener.placeCancelled?.(trx, cancelled);
  }

  async confirmedByHand(trx: Trx, confirmed: PlaceConfirmedByHand): Promise<void> {
    for (const listener of this.listeners) await listener.placeConfirmedByHand?.(trx, confirmed);
  }

  async unconfirmed(trx: Trx, unconfirmed: PlaceUnconfirmed): Promise<void> {
    for (const listener of this.listeners) await listener.placeUnconfirmed?.(trx, unconfirmed);
  }

  async renewed(trx: Trx, assistanceId: number): Promise<void> {
    for (const listener of this.listeners) await listener.placeRenewed?.(trx, assistanceId);
  }

  async checkedIn(trx: Trx, checkedIn: PlaceCheckedIn): Promise<void> {
    for (const listener of this.listeners) await listener.placeCheckedIn?.(trx, checkedIn);
  }

  async removed(trx: Trx, assistanceIds: number[]): Promise<void> {
    if (assistanceIds.length === 0) return;
    for (const listener of this.listeners) await listener.placesRemoved?.(trx, assistanceIds);
  }
}
