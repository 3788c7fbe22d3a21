import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportReason } from '../../shared/contracts/trust';
import { apiPost } from './client';
import { MY_INTERESTS_KEY } from './interests';

/** Blocking someone hides them from every list: the adverts and the interests are read again. */
export function useBlockPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targetClientId: number) => apiPost('client/block', { target_client_id: targetClientId }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['adverts'] }),
        queryClient.invalidateQueries({ queryKey: MY_INTERESTS_KEY }),
      ]);
    },
  });
}

export function useReportPerson() {
  return useMutation({
    mutationFn: (report: { target_client_id: number; reason: ReportReason; text: string }) =>
      apiPost('client/report', report),
  });
}
