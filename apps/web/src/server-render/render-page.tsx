import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { PageRenderer, RenderAnswer, RenderCall, RenderedPage } from '@haoshi/contracts';
import { AsyncLocalStorage } from 'node:async_hooks';
import { lazy, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createAppQueryClient } from '@/app/query-client';
import { routeObjects } from '@/app/router';
import { routeTable } from '@/app/route-table';
import type { ScreenModule } from '@/core/feature-routes';
import { setTransport } from '@/core/http/transport';
import { PaintedLoginContext } from '@/core/storage';
import { SOURCE_ID_EXPORT } from './source-id';

/**
 * How long the page's queries may take after its loaders before the render gives up (the server's
 * own budget for the whole render, RENDER_BUDGET_MS, is 800 ms).
 */
const DATA_WAIT_MS = 700;
const POLL_MS = 5;

type Call = (request: RenderCall) => Promise<RenderAnswer>;

/** Renders run concurrently: each one's API calls go to the server that asked for that render. */
const renderCalls = new AsyncLocalStorage<Call>();

setTransport(async ({ method, url, headers, body }) => {
  const call = renderCalls.getStore();
  if (!call) throw new Error('an API call outside a server render');
  return call({ method, url, headers, body });
});

function sourceIdOf(module: ScreenModule): string | undefined {
  const id = (module as unknown as Record<string, unknown>)[SOURCE_ID_EXPORT];
  return typeof id === 'string' ? id : undefined;
}

async function settled(queryClient: QueryClient): Promise<boolean> {
  const deadline = Date.now() + DATA_WAIT_MS;
  while (queryClient.isFetching() > 0) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  // Queries a screen only declared (not fetched on the server) stay pending: the client starts them.
  return queryClient
    .getQueryCache()
    .getAll()
    .every((query) => query.state.status !== 'error');
}

/** Decoded once at the end: a chunk may end inside a character (Chinese text is 3 bytes each). */
async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export const renderPage: PageRenderer['renderPage'] = (url, call, { loggedIn }) =>
  renderCalls.run(call, () => paint(url, loggedIn));

async function paint(url: string, loggedIn: boolean): Promise<RenderedPage | null> {
  const queryClient = createAppQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const modules = new Set<string>();
  const routes = routeObjects(queryClient, routeTable, (load) =>
    lazy(async (): Promise<{ default: ComponentType }> => {
      const module = await load();
      const id = sourceIdOf(module);
      if (id) modules.add(id);
      return module;
    }),
  );
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  if (!(await settled(queryClient))) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const failures: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <PaintedLoginContext value={loggedIn}>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </PaintedLoginContext>,
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failures.push(error);
      },
    },
  );
  const html = await textOf(prelude);
  // The client would draw a part that failed here again from scratch: let it draw the whole page.
  if (failures.length > 0) throw new AggregateError(failures, `server render of ${url} failed`);
  if (!(await settled(queryClient))) return null;
  return {
    html,
    data: { loggedIn, queries: dehydrate(queryClient), loaderData: context.loaderData },
    modules: [...modules],
  };
}
