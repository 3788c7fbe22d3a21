import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../api/client';
import { useSessionHint } from '../../api/session-hint';

const newsKey = (clientId: number | null) => ['news', clientId] as const;

/** Whether she asked for news of events (docs/design/25-organizers.md). */
export function useNews() {
  const clientId = useSessionHint('client');
  return useQuery({ queryKey: newsKey(clientId), queryFn: () => apiPost('client/news/get', {}) });
}

export function useUpdateNews() {
  const queryClient = useQueryClient();
  const clientId = useSessionHint('client');
  return useMutation({
    mutationFn: (news: boolean) => apiPost('client/news/update', { news }),
    onSuccess: (answer) => queryClient.setQueryData(newsKey(clientId), answer),
  });
}
