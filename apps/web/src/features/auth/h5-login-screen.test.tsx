import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, type LoginResponse } from '@haoshi/contracts';
import { setupFakeApi } from '@/core/http/fake-api.test-support';
import { getAuthorization } from '@/core/storage';
import H5LoginScreen from './h5-login-screen';
import { renderRouter } from '@/core/screen-harness.test-support';

const fake = setupFakeApi();

const login: LoginResponse = {
  user: {
    id: 1,
    phone_masked: '138****0000',
    nickname: '',
    avatar: '',
    roles: [],
    created_at: '2025-01-01T00:00:00Z',
  },
  token: 'session-token',
  expires_at: '2025-02-01T00:00:00Z',
  is_new_user: true,
};

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/h5Login', element: <H5LoginScreen /> },
      { path: '/wallet', element: <p>钱包页</p> },
    ],
    { initialEntries: ['/h5Login?redirect=%2Fwallet'] },
  );
  renderRouter(router);
  return router;
}

// Toasts stay until the page goes: no close timer may outlive the test environment.
beforeAll(() => Toast.config({ duration: 0 }));

beforeEach(() => {
  fake.on(apiPaths.sms, () => ({ cooldown: 60, expires_in: 300 })).on(apiPaths.login, () => login);
});

describe('/h5Login SMS login', () => {
  it('asks for a code, counts down, requires the agreement, logs in and goes to redirect', async () => {
    const router = renderLogin();
    fireEvent.change(screen.getByPlaceholderText('请输入手机号'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '60秒后重发' });
    expect(fake.calls(apiPaths.sms).map((call) => call.body)).toEqual([
      { phone: '13800000000', scene: 'login' },
    ]);

    fireEvent.change(screen.getByPlaceholderText('请输入6位验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    fireEvent.click(await screen.findByRole('button', { name: '同意并登录' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(fake.calls(apiPaths.login).map((call) => call.body)).toEqual([
      { phone: '13800000000', code: '123456' },
    ]);
    expect(getAuthorization()).toBe('session-token');
  });

  it('explains a bad phone number instead of calling the server', async () => {
    renderLogin();
    fireEvent.change(screen.getByPlaceholderText('请输入手机号'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的11位手机号')).toBeTruthy();
    expect(fake.requests).toHaveLength(0);
  });
});
