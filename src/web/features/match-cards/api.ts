import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PickPerson, PicksGetResponse } from '../../../shared/contracts/match-cards';
import { ApiError, apiPost } from '../../api/client';

const picksKey = (eventId: number) => ['picks', eventId] as const;

/** The member's match cards of one event; a 403 (not checked in) or 404 is an answer, not a retry. */
export function usePicks(eventId: number) {
  return useQuery({
    queryKey: picksKey(eventId),
    queryFn: () => apiPost('client/picks/get', { event_id: eventId }),
    retry: (failures, error) => !(error instanceof ApiError && error.httpStatus < 500) && failures < 2,
  });
}

/** Saves one Sí/No as it is tapped, showing it at once and putting it back if the server refuses. */
export function useSavePick(eventId: number) {
  const queryClient = useQueryClient();
  const key = picksKey(eventId);
  return useMutation({
    mutationFn: ({ clientId, pick }: { clientId: number; pick: 0 | 1 }) =>
      apiPost('client/picks/update', {
        event_id: eventId,
        picks: [{ client_id: clientId, pick }],
      }),
    onMutate: async ({ clientId, pick }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PicksGetResponse>(key);
      if (previous) {
        const people = previous.people.map(
          (person): PickPerson => (person.client_id === clientId ? { ...person, picked: pick } : person),
        );
        queryClient.setQueryData<PicksGetResponse>(key, { ...previous, people });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
