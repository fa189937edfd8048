import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeedbackUi } from './feedback-ui';
import { runAction } from './action';
import { reply, setupFakeApi } from './http/fake-api.test-support';
import { setNavigator } from './navigation';

// runAction serves SPEC §3 actions the contracts do not list yet, hence onUnlisted.
const fake = setupFakeApi();
let unregister: () => void;

beforeEach(async () => {
  // Toast and Dialog load on first use; loaded up front, calls are synchronous as before, so a
  // 'not shown' assertion cannot pass merely because the feedback UI was still loading.
  await loadFeedbackUi();
  unregister = setNavigator(vi.fn());
  vi.spyOn(Toast, 'show').mockReturnValue({ close: vi.fn() });
  vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
});

afterEach(() => {
  unregister();
  vi.restoreAllMocks();
});

const request = {
  confirmText: '确定取消该报价吗？',
  method: 'POST',
  url: '/app/recovery/cancel_price',
  body: { id: 3 },
} as const;

describe('runAction (SPEC §4 generic action helper)', () => {
  it('asks first, calls on acceptance and says 操作成功', async () => {
    fake.onUnlisted('POST', request.url, () => ({}));
    await expect(runAction(request)).resolves.toBe(true);
    expect(Dialog.confirm).toHaveBeenCalledWith(expect.objectContaining({ content: '确定取消该报价吗？' }));
    expect(fake.requests[0]?.method).toBe('POST');
    expect(fake.requests[0]?.body).toEqual({ id: 3 });
    expect(Toast.show).toHaveBeenCalledWith('操作成功');
  });

  it('sends GET parameters in the query', async () => {
    fake.onUnlisted('GET', '/app/x', () => ({}));
    await runAction({ confirmText: '确定？', method: 'GET', url: '/app/x', body: { id: 4 } });
    expect(fake.requests[0]?.url).toBe('/app/x?id=4');
  });

  it('does nothing when the user declines', async () => {
    vi.mocked(Dialog.confirm).mockResolvedValue(false);
    await expect(runAction(request)).resolves.toBe(false);
    expect(fake.requests).toHaveLength(0);
    expect(Toast.show).not.toHaveBeenCalled();
  });

  it('shows the server message on failure', async () => {
    fake.onUnlisted('POST', request.url, () => reply.error(1012, '报价已失效'));
    await expect(runAction(request)).resolves.toBe(false);
    expect(Toast.show).toHaveBeenCalledWith('报价已失效');
  });

  it('does not repeat what the error catalogue already said', async () => {
    fake.onUnlisted('POST', request.url, () => reply.error(401, '登录已失效'));
    await expect(runAction(request)).resolves.toBe(false);
    expect(vi.mocked(Toast.show).mock.calls).toEqual([['请先登录']]);
  });

  it('swallows a raised error', async () => {
    fake.onUnlisted('POST', request.url, reply.network);
    await expect(runAction(request)).resolves.toBe(false);
    expect(Toast.show).not.toHaveBeenCalled();
  });
});
