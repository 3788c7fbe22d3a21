import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isPublicEventDetails } from '../../../shared/contracts/event-answers';
import { ApiError, answerOf, apiPost } from '../../api/client';
import { useSessionHint } from '../../api/session-hint';

/** The public detail of one event; null when it does not exist or is not public (404). */
export function useEventDetails(eventId: number) {
  return useQuery({
    queryKey: ['events', 'details', eventId],
    enabled: Number.isInteger(eventId) && eventId > 0,
    queryFn: async () => {
      try {
        return answerOf(await apiPost('event/details', { event_id: eventId }), isPublicEventDetails).event;
      } catch (error) {
        if (error instanceof ApiError && error.httpStatus === 404) return null;
        throw error;
      }
    },
  });
}

export function useSignUpToEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, code }: { eventId: number; code?: string }) =>
      apiPost('client/events/add', { event_id: eventId, code }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['client', 'events'] }),
        queryClient.invalidateQueries({ queryKey: ['client', 'payments'] }),
      ]),
  });
}

/**
 * For a member who answered the quiz, how many people holding a place suit her at 70 % or more
 * (docs/design/16-para-ti.md); null otherwise. Asked apart from the details, which the server renders for
 * everyone alike.
 */
export function useCompatibleCount(eventId: number) {
  const clientId = useSessionHint('client');
  return useQuery({
    queryKey: ['event-compatible', clientId, eventId],
    enabled: clientId !== null,
    queryFn: async () =>
      answerOf(await apiPost('event/details', { event_id: eventId }), isPublicEventDetails)
        .compatible_count ?? null,
  });
}
