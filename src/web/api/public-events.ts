import { useQuery } from '@tanstack/react-query';
import { isPublicEventList } from '../../shared/contracts/event-answers';
import type { EventListItem } from '../../shared/contracts/events';
import type { CityCode } from '../../shared/domain/cities';
import { EVENT_STATUS } from '../../shared/domain/statuses';
import { answerOf, apiPost } from './client';

/** Upcoming public events, optionally of one category (/eventos/{categoria}) and one city (?ciudad=). */
export function usePublicEvents(category?: string, city?: CityCode) {
  return useQuery({
    // The server renders these pages with the same key (src/server/web/page-data.ts).
    queryKey: ['events', 'public', category ?? null, city ?? null],
    queryFn: () =>
      apiPost('event/get', {
        ...(category ? { category } : {}),
        ...(city ? { city } : {}),
      }),
    select: (response) => answerOf(response, isPublicEventList).events,
  });
}

/** How many of the next events the landing's carousel turns through (4 s each: under a minute). */
export const LANDING_EVENTS = 12;

/** The carousel's events: every event but suspended ones (specification §2), the next LANDING_EVENTS. */
export function landingEvents(events: readonly EventListItem[]): EventListItem[] {
  return events.filter((event) => event.status_id !== EVENT_STATUS.suspended).slice(0, LANDING_EVENTS);
}

/** The landing's events, under a key of their own: its page carries only these in its HTML. */
export function useLandingEvents() {
  return useQuery({
    // The server renders the landing with the same key (src/server/web/page-data.ts).
    queryKey: ['events', 'public', 'landing'],
    queryFn: () => apiPost('event/get', {}),
    select: (response) => landingEvents(answerOf(response, isPublicEventList).events),
  });
}
