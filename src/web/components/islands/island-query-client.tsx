import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/**
 * The query cache of an island that reads through TanStack Query, where there is no app around it
 * to lend its own: filled from the page's data (#query-state) when the server sent it, so the
 * island does not ask again for what the page already shows.
 */
export function IslandQueryClient({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
    });
    const state = document.getElementById('query-state');
    if (state?.textContent) hydrate(client, JSON.parse(state.textContent));
    return client;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
