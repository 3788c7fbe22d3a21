import { useQuery } from '@tanstack/react-query';
import type { ClientEventsGetResponse } from '../../../shared/contracts/client-events';
import { apiPost } from '../../api/client';

/** The logged-in client's event sign-ups, newest first. */
export function useMyEvents() {
  return useQuery({
    queryKey: ['client', 'events'],
    queryFn: () => apiPost<ClientEventsGetResponse>('client/events/get', {}),
    select: (response) => response.events,
  });
}
