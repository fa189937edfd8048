import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import ComingSoonScreen from './coming-soon-screen';
import { RouteMetaContext } from './route-meta';

const meta = { path: '/order_detail', title: '订单详情', keepAlive: false };

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>首页内容</p> },
      { path: '/mine', element: <p>我的内容</p> },
      {
        path: '/order_detail',
        element: (
          <RouteMetaContext.Provider value={meta}>
            <ComingSoonScreen />
          </RouteMetaContext.Provider>
        ),
      },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('ComingSoonScreen', () => {
  it('names the screen in Chinese and shows nothing technical', () => {
    renderAt(['/order_detail?id=42']);
    const page = screen.getByTestId('coming-soon');
    expect(screen.getByText('「订单详情」正在建设中')).toBeTruthy();
    expect(page.textContent).not.toMatch(/order_detail|\/[a-z]|页面地址/i);
    expect(page.querySelector('code')).toBeNull();
  });

  it('opened directly, offers the way home only', async () => {
    const router = renderAt(['/order_detail']);
    expect(screen.queryByRole('button', { name: '返回上一页' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await screen.findByText('首页内容');
    expect(router.state.location.pathname).toBe('/');
  });

  it('reached from another page, also goes back to it', async () => {
    // The browser router keeps the entry's index in history.state; this is the second entry.
    window.history.replaceState({ idx: 1 }, '');
    const router = renderAt(['/mine', '/order_detail']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '返回上一页' }));
      await Promise.resolve();
    });
    await screen.findByText('我的内容');
    expect(router.state.location.pathname).toBe('/mine');
  });
});
