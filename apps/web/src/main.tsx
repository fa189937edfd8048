import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadChatLink } from '@/app/chat-link';
import { installPreloadErrorReporting } from '@/app/chunk-recovery';
import { createAppQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { bootClient } from '@/core/boot';
import { provideChatLink } from '@/core/chat-link-loader';
import { installRootFontSize } from '@/core/root-font-size';

installRootFontSize();
installPreloadErrorReporting();
provideChatLink(loadChatLink);

function render(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const queryClient = createAppQueryClient();
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter(queryClient)} queryClient={queryClient} />
    </StrictMode>,
  );
}

// The environment (channel, package, header values) must be known before the first screen renders.
bootClient().then(render, (error: unknown) => {
  console.error('boot failed; starting with defaults', error);
  render();
});
