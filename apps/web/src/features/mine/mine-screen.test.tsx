import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Envelope, User } from '@haoshi/contracts';
import { http } from '@/core/http/client';
import type * as HttpClient from '@/core/http/client';
import { getAuthorization, setAuthorization } from '@/core/storage';
import MineScreen from './mine-screen';
import { renderRouter } from '@/core/screen-harness.test-support';

vi.mock('@/core/http/client', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpClient>();
  return { ...actual, http: { get: vi.fn(), post: vi.fn() } };
});

const user: User = {
  id: 7,
  phone_masked: '138****0001',
  nickname: '号主小王',
  avatar: '',
  roles: ['merchant', 'recycler'],
  created_at: '2025-01-01T00:00:00Z',
};

function renderMine() {
  const router = createMemoryRouter([{ path: '/mine', element: <MineScreen /> }], {
    initialEntries: ['/mine'],
  });
  renderRouter(router);
}

// Toasts stay until the page goes: no close timer may outlive the test environment.
beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => vi.clearAllMocks());

describe('/mine', () => {
  it('offers login to a visitor and loads nothing', () => {
    renderMine();
    expect(screen.getByRole('button', { name: '登录 / 注册' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    expect(http.get).not.toHaveBeenCalled();
  });

  it('shows the phone and roles, and logs out on the server and here', async () => {
    setAuthorization('token-7');
    vi.mocked(http.get).mockResolvedValue({ err_code: 0, data: user } satisfies Envelope<User>);
    vi.mocked(http.post).mockResolvedValue({ err_code: 0, data: null } satisfies Envelope<null>);
    renderMine();

    expect((await screen.findByTestId('mine-phone')).textContent).toBe('138****0001');
    expect(screen.getByText('商家')).toBeTruthy();
    expect(screen.getByText('回收商')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    // The dialog loads on first use (core/feedback-ui.ts): wait for its own 退出登录 button.
    await waitFor(() => expect(screen.getAllByRole('button', { name: '退出登录' })).toHaveLength(2));
    const dialogButtons = screen.getAllByRole('button', { name: '退出登录' });
    fireEvent.click(dialogButtons[dialogButtons.length - 1] as HTMLElement);

    await screen.findByRole('button', { name: '登录 / 注册' });
    expect(http.post).toHaveBeenCalledWith('/app/logout', undefined, { silent: true });
    await waitFor(() => expect(getAuthorization()).toBe(''));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
  });
});
