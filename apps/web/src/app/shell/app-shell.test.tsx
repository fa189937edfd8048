import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppShell } from './app-shell';

function renderShell(entry: string, title: string) {
  const router = createMemoryRouter(
    ['/', '/mine', '/wallet'].map((path) => ({
      path,
      element: (
        <AppShell meta={{ path, title, keepAlive: false }}>
          <p>{path}</p>
        </AppShell>
      ),
    })),
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('app shell', () => {
  it('gives an inner page a named back button and its title as the page heading', () => {
    const router = renderShell('/wallet', '我的钱包');
    const topBar = screen.getByRole('banner');
    expect(within(topBar).getByRole('heading', { level: 1 }).textContent).toBe('我的钱包');
    // Opened here on plain H5 (no in-app history): back goes home.
    fireEvent.click(within(topBar).getByRole('button', { name: '返回' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the tab pages a navigation of links that marks the current one', () => {
    const router = renderShell('/', '首页');
    expect(screen.queryByRole('banner')).toBeNull();
    const tabs = within(screen.getByRole('navigation', { name: '主导航' }));
    expect(tabs.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBe('page');
    expect(tabs.getByRole('link', { name: '我的' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(tabs.getByRole('link', { name: '我的' }));
    expect(router.state.location.pathname).toBe('/mine');
  });
});
