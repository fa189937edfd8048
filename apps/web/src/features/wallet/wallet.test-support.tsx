import { createMemoryRouter } from 'react-router';
import type { ComponentType } from 'react';
import { setAuthorization } from '@/core/storage';
import { renderRouter } from '@/core/screen-harness.test-support';

/** Renders a screen at a path (logged in), with other paths as plain text markers. */
export function renderScreen(Screen: ComponentType, path: string, at = path, loggedIn = true) {
  if (loggedIn) setAuthorization('token-wallet');
  const pathname = path.split('?')[0] ?? path;
  const router = createMemoryRouter(
    [
      { path: pathname, element: <Screen /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [at] },
  );
  renderRouter(router);
  return router;
}
