import { PICKS_CLOSE_HOURS } from '../../shared/contracts/match-cards';
import { mexicoLocalToUtc } from '../../shared/domain/mexico-time';

export interface EventTiming {
  day: string | null;
  hour: string | null;
  duration_minutes: number;
}

export interface PicksWindow {
  opensAt: Date;
  endsAt: Date;
  closesAt: Date;
}

/**
 * The match cards' window (docs/design/12-match-cards.md): from the event's start until PICKS_CLOSE_HOURS after
 * its end. An event without a date and hour has none.
 */
export function picksWindow(event: EventTiming): PicksWindow | null {
  if (!event.day || !event.hour) return null;
  const opensAt = mexicoLocalToUtc(event.day, event.hour);
  const endsAt = new Date(opensAt.getTime() + event.duration_minutes * 60_000);
  const closesAt = new Date(endsAt.getTime() + PICKS_CLOSE_HOURS * 3_600_000);
  return { opensAt, endsAt, closesAt };
}
