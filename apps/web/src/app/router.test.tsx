import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessChannel } from '@/core/channel';
import { setAuthorization, STORAGE_KEYS } from '@/core/storage';
import { createAppQueryClient } from './query-client';
import { routeObjects } from './router';

function renderAt(path: string) {
  const queryClient = createAppQueryClient();
  const router = createMemoryRouter(routeObjects(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function pane(path: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-route-pane="${path}"]`);
  if (!element) throw new Error(`no pane for ${path}`);
  return element;
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'HaoshiAndroid');
});

describe('navigation rules', () => {
  it('sends an anonymous visitor of an L route to /h5Login?redirect=…', async () => {
    const router = renderAt('/wallet?from=mine');
    // The file's first lazy screen also loads the http client (no longer part of the start-up graph).
    await screen.findByRole('button', { name: '获取验证码' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/h5Login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/wallet?from=mine')}`);
  });

  it('inside a native app asks the app to log in instead', async () => {
    const login = vi.fn();
    Object.assign(window, { HaoshiAndroid: { login } });
    window.sessionStorage.setItem(STORAGE_KEYS.softwareType, String(AccessChannel.ANDROID));
    const router = renderAt('/wallet');
    await screen.findByTestId('login-required');
    expect(login).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/wallet');
  });

  it('shows an L route to a logged-in user, titled with the brand', async () => {
    setAuthorization('token-123');
    renderAt('/phoneCardLoginLog');
    expect((await screen.findByTestId('coming-soon')).textContent).toContain('「手机卡登录记录」正在建设中');
    await waitFor(() => expect(document.title).toBe('手机卡登录记录 - 淘号号'));
  });

  it('sends /businessPay home on plain H5', async () => {
    const router = renderAt('/businessPay');
    await screen.findByRole('search');
    expect(router.state.location.pathname).toBe('/');
  });

  it('scrolls the window to the top after a navigation', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = renderAt('/test');
    scrollTo.mockClear();
    await act(() => router.navigate('/download'));
    await screen.findByRole('heading', { name: '淘号号' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('shows a not-found screen for unknown addresses', async () => {
    renderAt('/no-such-page');
    await screen.findByRole('button', { name: '返回首页' });
    const topBar = screen.getByRole('banner');
    expect(within(topBar).getByRole('heading', { level: 1 }).textContent).toBe('页面不存在');
    expect(within(topBar).getByRole('button', { name: '返回' })).toBeTruthy();
  });
});

describe('keep-alive routes', () => {
  it('keep typed text and inner scroll positions when left and returned to', async () => {
    const router = renderAt('/recycleList');
    const wish = await screen.findByLabelText<HTMLTextAreaElement>('告诉我们你期待的功能');
    fireEvent.change(wish, { target: { value: '按区服筛选' } });
    pane('/recycleList').scrollTop = 240;
    fireEvent.scroll(pane('/recycleList'));

    await act(() => router.navigate('/serviceFee'));
    await screen.findByRole('heading', { name: '服务费说明' });
    expect(pane('/recycleList').style.display).toBe('none');
    pane('/recycleList').scrollTop = 0; // what a browser does to a hidden (display: none) element

    await act(() => router.navigate(-1));
    expect(screen.getByLabelText<HTMLTextAreaElement>('告诉我们你期待的功能').value).toBe('按区服筛选');
    expect(pane('/recycleList').scrollTop).toBe(240);
  });

  it('survive a detour through the login redirect', async () => {
    const router = renderAt('/recycleList');
    fireEvent.change(await screen.findByLabelText('告诉我们你期待的功能'), { target: { value: '分期付款' } });
    await act(() => router.navigate('/wallet'));
    await screen.findByRole('button', { name: '获取验证码' });
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText<HTMLTextAreaElement>('告诉我们你期待的功能').value).toBe('分期付款');
  });

  it('mount other routes fresh each time', async () => {
    const router = renderAt('/recycleDetail');
    fireEvent.change(await screen.findByLabelText('告诉我们你期待的功能'), { target: { value: '电子发票' } });
    await act(() => router.navigate('/mine'));
    await act(() => router.navigate(-1));
    expect((await screen.findByLabelText<HTMLTextAreaElement>('告诉我们你期待的功能')).value).toBe('');
  });
});
