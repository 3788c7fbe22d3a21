import './styles.css';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// Server-rendered public pages carry their data as JSON (not a script, so the CSP allows it).
const state = document.getElementById('query-state');
if (state?.textContent) hydrate(queryClient, JSON.parse(state.textContent));

const container = document.getElementById('root')!;
const serverRendered = container.hasChildNodes();
const router = await createAppRouter(serverRendered);
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);
if (serverRendered) hydrateRoot(container, app);
else createRoot(container).render(app);
