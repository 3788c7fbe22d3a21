import { type DehydratedState, dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import { type RenderedFor, RenderedForContext, VISITOR } from './api/rendered-for';
import { PageShell } from './app/public-layout';
import { publicRoutes } from './app/public-routes';

/** The answers a page's queries would fetch, by query key, already at hand on the server. */
export type PageData = { key: readonly unknown[]; data: unknown }[];

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** The query cache to hydrate on the client, so the page makes no second request. */
  state: DehydratedState;
  /** Every query the page read had its answer: nothing on it waits for the browser to ask. */
  complete: boolean;
}

const handler = createStaticHandler(publicRoutes);

/**
 * Renders one page to HTML with React Router's static (data-mode) router: a public page for
 * everyone, or a member's page for her alone (`renderedFor`, decision 0044).
 */
export async function renderPage(
  url: string,
  data: PageData,
  renderedFor: RenderedFor = VISITOR,
): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(url));
  // A redirect or a loader's Response: not one of the pages rendered here.
  if (context instanceof Response) return null;
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  for (const entry of data) queryClient.setQueryData(entry.key, entry.data);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* hydrate={false}: no inline script, which the CSP forbids; there are no loaders to replay. */}
        <RenderedForContext.Provider value={renderedFor}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </RenderedForContext.Provider>
      </QueryClientProvider>
    </StrictMode>,
  );
  const complete = queryClient
    .getQueryCache()
    .getAll()
    .every((query) => query.state.status === 'success');
  return { html, state: dehydrate(queryClient), complete };
}

/** The query cache holding a page's answers, as the browser hydrates it from #query-state. */
export function pageState(data: PageData): DehydratedState {
  const queryClient = new QueryClient();
  for (const entry of data) queryClient.setQueryData(entry.key, entry.data);
  return dehydrate(queryClient);
}

/** The header and footer of the public site around a spinner, for a page the browser renders. */
export function renderShell(pathname: string): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={pathname}>
        <PageShell />
      </StaticRouter>
    </StrictMode>,
  );
}
