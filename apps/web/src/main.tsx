import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadChatLink } from '@/app/chat-link';
import { installPreloadErrorReporting } from '@/app/chunk-recovery';
import { createAppQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { takePaintedPage } from '@/app/server-render-data';
import { bootClient } from '@/core/boot';
import { getCurrentPackage } from '@/core/brands';
import { provideChatLink } from '@/core/chat-link-loader';
import { PaintedLoginContext } from '@/core/storage';

installPreloadErrorReporting();
provideChatLink(loadChatLink);

function render(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const queryClient = createAppQueryClient();
  const painted = takePaintedPage(container, getCurrentPackage());
  if (painted) hydrateQueries(queryClient, painted.queries);
  const router = createAppRouter(queryClient, painted && { loaderData: painted.loaderData });
  const app = (
    <StrictMode>
      <PaintedLoginContext value={painted?.loggedIn ?? false}>
        <App router={router} queryClient={queryClient} />
      </PaintedLoginContext>
    </StrictMode>
  );
  // A page the server painted (server-render.ts) is taken over as it is; any other is drawn here.
  if (painted) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

// The environment (channel, package, header values) must be known before the first screen renders.
bootClient().then(render, (error: unknown) => {
  console.error('boot failed; starting with defaults', error);
  render();
});
