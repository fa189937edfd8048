import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, type Role, type User } from '@haoshi/contracts';
import { setAuthorization } from '@/core/storage';
import { setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { ServiceEntries } from './service-entries';

const userWith = (roles: Role[]): User => ({
  id: 7,
  phone_masked: '138****0001',
  nickname: '号主小王',
  avatar: '',
  roles,
  created_at: '2025-01-01T00:00:00Z',
});

const fake = setupFakeApi();
afterEach(() => {
  vi.unstubAllEnvs();
});

function renderFor(roles: Role[] | undefined) {
  if (roles) setAuthorization('token-7');
  fake.on(apiPaths.currentUser, () => userWith(roles ?? []));
  renderScreen('/mine', <ServiceEntries loggedIn={roles !== undefined} />);
}

describe('the 诊断信息 entry on /mine', () => {
  it("is not in a guest's menu in a production build", () => {
    vi.stubEnv('DEV', false);
    renderFor(undefined);
    expect(screen.getByText('帮助与反馈')).toBeTruthy();
    expect(screen.queryByText('诊断信息')).toBeNull();
  });

  it('is not shown to a merchant', async () => {
    vi.stubEnv('DEV', false);
    renderFor(['merchant']);
    await waitFor(() => expect(fake.calls(apiPaths.currentUser)).toHaveLength(1));
    expect(screen.queryByText('诊断信息')).toBeNull();
  });

  it('is shown to staff', async () => {
    vi.stubEnv('DEV', false);
    renderFor(['report_handler']);
    expect(await screen.findByText('诊断信息')).toBeTruthy();
  });

  it('is shown to anyone in a development build', () => {
    vi.stubEnv('DEV', true);
    renderFor(undefined);
    expect(screen.getByText('诊断信息')).toBeTruthy();
  });
});
