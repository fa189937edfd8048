import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, type Role, type User } from '@haoshi/contracts';
import { setNavigator } from '@/core/navigation';
import { setAuthorization } from '@/core/storage';
import { setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import DiagnosticsScreen from './diagnostics-screen';

const userWith = (roles: Role[]): User => ({
  id: 7,
  phone_masked: '138****0001',
  nickname: '号主小王',
  avatar: '',
  roles,
  created_at: '2025-01-01T00:00:00Z',
});

const fake = setupFakeApi();
let unregister: () => void = () => undefined;
const navigate = vi.fn();

beforeEach(() => {
  unregister = setNavigator(navigate);
});

afterEach(() => {
  unregister();
  vi.unstubAllEnvs();
  navigate.mockReset();
});

function open(roles?: Role[]) {
  if (roles) setAuthorization('token-7');
  fake.on(apiPaths.currentUser, () => userWith(roles ?? []));
  renderScreen('/test', <DiagnosticsScreen />);
}

describe('/test in a production build', () => {
  beforeEach(() => vi.stubEnv('DEV', false));

  it('asks a guest to log in and shows nothing of the client', () => {
    open();
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(screen.queryByText('请求头（app_header_sign）')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/h5Login?redirect=%2Ftest', undefined);
  });

  it.each([[['merchant', 'recycler'] as Role[]], [[] as Role[]]])(
    'does not exist for a user with roles %j',
    async (roles) => {
      open(roles);
      expect(await screen.findByText('页面不存在')).toBeTruthy();
      expect(screen.queryByText('请求头（app_header_sign）')).toBeNull();
    },
  );

  it.each([[['finance'] as Role[]], [['customer_service'] as Role[]]])(
    'shows staff (%j) the sign header',
    async (roles) => {
      open(roles);
      expect(await screen.findByText('请求头（app_header_sign）')).toBeTruthy();
    },
  );
});

describe('/test in a development build', () => {
  it('is open to anyone', async () => {
    vi.stubEnv('DEV', true);
    open();
    expect(await screen.findByText('请求头（app_header_sign）')).toBeTruthy();
    expect(fake.requests).toHaveLength(0);
  });
});
