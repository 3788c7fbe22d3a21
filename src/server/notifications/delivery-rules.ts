import type { NotificationKind } from '../../shared/domain/notification-kinds';

export interface DeliveryRule {
  /** How long the push service keeps it for a device that is off; past it the news is stale. */
  ttlSeconds: number;
  /** High wakes a phone in battery saving; normal waits for its next wake-up. */
  urgency: 'high' | 'normal';
}

const HOUR = 3600;

/**
 * TTL and urgency per kind, in one place (decision 0040): a notification that arrives after it
 * stopped being true (the place's hold ended, the payment is overdue) is worse than none.
 */
export const DELIVERY_RULES: Record<NotificationKind, DeliveryRule> = {
  // Someone wrote: worth waking her for, still worth reading tomorrow.
  messages: { ttlSeconds: 24 * HOUR, urgency: 'high' },
  // A place held for her: at least PROMOTION_HOLD_HOURS (12) to take it.
  place_freed: { ttlSeconds: 12 * HOUR, urgency: 'high' },
  // Sent 2 hours before the hold ends: after that there is nothing left to pay.
  payment_due: { ttlSeconds: 2 * HOUR, urgency: 'high' },
  new_match: { ttlSeconds: 24 * HOUR, urgency: 'normal' },
  // Sent the day before the event: useless once the night has begun.
  event_reminder: { ttlSeconds: 12 * HOUR, urgency: 'normal' },
  // An organizer's message or news: no hurry, and stale after a few days.
  organizer_messages: { ttlSeconds: 72 * HOUR, urgency: 'normal' },
  // A code earned by bringing someone: it lasts weeks, and the e-mail says it too.
  invite_reward: { ttlSeconds: 72 * HOUR, urgency: 'normal' },
};
