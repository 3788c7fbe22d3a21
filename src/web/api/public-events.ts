import { useQuery } from '@tanstack/react-query';
import type { EventGetResponse } from '../../shared/contracts/events';
import { apiPost } from './client';

/** Upcoming public events, optionally of one category (/eventos/{categoria}) and one city (?ciudad=). */
export function usePublicEvents(category?: string, city?: string) {
  return useQuery({
    // The server renders these pages with the same key (src/server/web/page-data.ts).
    queryKey: ['events', 'public', category ?? null, city ?? null],
    queryFn: () =>
      apiPost<EventGetResponse>('event/get', {
        ...(category ? { category } : {}),
        ...(city ? { city } : {}),
      }),
    select: (response) => response.events,
  });
}
