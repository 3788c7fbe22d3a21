import { useQuery } from '@tanstack/react-query';
import type { EventGetResponse } from '../../shared/contracts/events';
import { apiPost } from './client';

/** Upcoming public events, optionally of one category (/eventos/{categoria}). */
export function usePublicEvents(category?: string) {
  return useQuery({
    queryKey: ['events', 'public', category ?? null],
    queryFn: () => apiPost<EventGetResponse>('event/get', category ? { category } : {}),
    select: (response) => response.events,
  });
}
