import './zod-config';
import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { rememberSessionHint, sessionHint } from './api/client';
import { RenderedForContext, renderedForRoot } from './api/rendered-for';
import { useSessionHint } from './api/session-hint';
import { createAppRouter } from './app/router';
import { setUnreadTotal } from './features/messages/unread-total';

/** Starts React on #root; resolves once the first render (or hydration) is committed. */
export async function startApp(): Promise<void> {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
  // Server-rendered public pages, and a member's pages, carry their data as JSON (not a script, so
  // the CSP allows it).
  const state = document.getElementById('query-state');
  if (state?.textContent) hydrate(queryClient, JSON.parse(state.textContent));

  const container = document.getElementById('root')!;
  // A member's page carries the header's unread count: the badge shows without another request.
  const renderedFor = renderedForRoot(container);
  if (renderedFor.unreadTotal !== null) setUnreadTotal(renderedFor.unreadTotal);
  // The server checked her session cookie; this browser's hint only guesses. A member whose hint
  // was cleared keeps her pages (the guard reads the hint) instead of being sent to /ingresar.
  if (renderedFor.clientId !== null && sessionHint('client') !== renderedFor.clientId) {
    rememberSessionHint('client', renderedFor.clientId);
  }
  // The shell of a client-rendered page is replaced, not hydrated.
  const serverRendered = container.hasChildNodes() && !container.hasAttribute('data-shell');
  const router = await createAppRouter();
  let resolve = () => {};
  const committed = new Promise<void>((done) => {
    resolve = done;
  });
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RenderedForContext.Provider value={renderedFor}>
          <RouterProvider router={router} />
        </RenderedForContext.Provider>
        <LiveChannelForMembers />
        <Committed onCommit={resolve} />
      </QueryClientProvider>
    </StrictMode>
  );
  // In a transition, hydration and the first render yield to the browser every few milliseconds
  // instead of holding the main thread for the whole page (total blocking time on a slow phone).
  if (serverRendered) startTransition(() => void hydrateRoot(container, app));
  else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
  return committed;
}

// The live channel's code loads only for a member: a visitor's pages never download it.
const MessagesLive = lazy(() =>
  import('./features/messages/live').then((module) => ({ default: module.MessagesLive })),
);

function LiveChannelForMembers() {
  const clientId = useSessionHint('client');
  if (clientId === null) return null;
  return (
    <Suspense fallback={null}>
      <MessagesLive />
    </Suspense>
  );
}

function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(() => onCommit(), [onCommit]);
  return null;
}
