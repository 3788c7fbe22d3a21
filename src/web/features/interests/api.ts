import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../api/client';
import { MY_INTERESTS_KEY } from '../../api/interests';

/** Removes an interest: status 0 from the one-way list, 1 from the mutual list (spec §4). */
export function useRemoveInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, statusId }: { id: number; statusId: 0 | 1 }) =>
      apiPost('client/interested/update', { interes: { id, status_id: statusId } }),
    // The list is reloaded after every update, also a failed one (spec §4).
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_INTERESTS_KEY }),
  });
}
