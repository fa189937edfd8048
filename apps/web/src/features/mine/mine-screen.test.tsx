import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type User } from '@haoshi/contracts';
import { setupFakeApi } from '@/core/http/fake-api.test-support';
import { getAuthorization, setAuthorization } from '@/core/storage';
import MineScreen from './mine-screen';
import { renderRouter } from '@/core/screen-harness.test-support';

const fake = setupFakeApi();

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

describe('/mine', () => {
  it('offers login to a visitor and loads nothing', () => {
    renderMine();
    expect(screen.getByRole('button', { name: '登录 / 注册' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('shows the phone and roles, and logs out on the server and here', async () => {
    setAuthorization('token-7');
    fake.on(apiPaths.currentUser, () => user).on(apiPaths.logout, () => null);
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
    expect(fake.calls(apiPaths.logout)).toHaveLength(1);
    expect(fake.calls(apiPaths.logout)[0]?.config.headers.Authorization).toBe('token-7');
    await waitFor(() => expect(getAuthorization()).toBe(''));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
  });
});
