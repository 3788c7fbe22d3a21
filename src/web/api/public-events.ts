import { useQuery } from '@tanstack/react-query';
import { isPublicEventList } from '../../shared/contracts/events';
import type { CityCode } from '../../shared/domain/cities';
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
