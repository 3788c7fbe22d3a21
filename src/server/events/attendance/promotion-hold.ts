import { mexicoDayAndHour, mexicoLocalToUtc } from '../../../shared/domain/mexico-time';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Mexico City wall-clock hours: a hold that would end in the night ends the next morning instead. */
const NIGHT_STARTS = '23:00';
const NIGHT_ENDS = '08:00';
const NIGHT_HOLD_ENDS = '10:00';
/** The organizer knows who comes this long before the start. */
const LAST_HOLD_END_BEFORE_START_MS = 2 * HOUR_MS;

export interface PromotionHoldRules {
  /** PROMOTION_HOLD_HOURS: the least a place given from the waiting list is held. */
  holdHours: number;
  /** PAYMENT_HOLD_MINUTES: the hold of a sign-up, given when the place frees too close to the start. */
  ordinaryHoldMinutes: number;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** 10:00 the morning after, when `end` falls between 23:00 and 08:00 in Mexico City. */
function outOfTheNight(end: Date): Date {
  const { day, hour } = mexicoDayAndHour(end);
  if (hour >= NIGHT_STARTS) return mexicoLocalToUtc(nextDay(day), NIGHT_HOLD_ENDS);
  if (hour < NIGHT_ENDS) return mexicoLocalToUtc(day, NIGHT_HOLD_ENDS);
  return end;
}

/**
 * Until when a place given to the next person waiting is held (docs/design/21-pocket.md, fair waiting list):
 * PROMOTION_HOLD_HOURS from the moment it frees, moved out of the night to 10:00, and never past
 * two hours before the start. A place freed later than that gets the ordinary hold (never past
 * the start) rather than one that has already ended.
 */
export function promotionHoldEnd(freedAt: Date, eventStart: Date, rules: PromotionHoldRules): Date {
  const daytime = outOfTheNight(new Date(freedAt.getTime() + rules.holdHours * HOUR_MS));
  const bounded = Math.min(daytime.getTime(), eventStart.getTime() - LAST_HOLD_END_BEFORE_START_MS);
  const ordinary = Math.min(freedAt.getTime() + rules.ordinaryHoldMinutes * MINUTE_MS, eventStart.getTime());
  return new Date(Math.max(bounded, ordinary));
}
