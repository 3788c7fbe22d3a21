import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientEventsCancelBody } from '../../shared/contracts/client-events';
import { apiPost } from './client';

/** The logged-in member's sign-ups, newest first (/asistencias and the event page). */
export function useMyEvents(enabled = true) {
  return useQuery({
    queryKey: ['client', 'events'],
    enabled,
    queryFn: () => apiPost('client/events/get', {}),
    select: (response) => response.events,
  });
}

/** Gives up the member's place or waiting-list spot; the places left change for everyone. */
export function useCancelMyPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) =>
      apiPost('client/events/cancel', {
        event_id: eventId,
      } satisfies ClientEventsCancelBody),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['client', 'events'] }),
        queryClient.invalidateQueries({ queryKey: ['client', 'payments'] }),
        queryClient.invalidateQueries({ queryKey: ['events'] }),
      ]),
  });
}
