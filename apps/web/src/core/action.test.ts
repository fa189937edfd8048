import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeedbackUi } from './feedback-ui';
import { runAction } from './action';
import { fakeServer, networkError, type FakeHandler } from './http/fake-server.test-support';
import { setNavigator } from './navigation';

let server: ReturnType<typeof fakeServer> | undefined;
let unregister: () => void;

function serve(handler: FakeHandler) {
  server = fakeServer(handler);
  return server;
}

beforeEach(async () => {
  // Toast and Dialog load on first use; loaded up front, calls are synchronous as before, so a
  // 'not shown' assertion cannot pass merely because the feedback UI was still loading.
  await loadFeedbackUi();
  unregister = setNavigator(vi.fn());
  vi.spyOn(Toast, 'show').mockReturnValue({ close: vi.fn() });
  vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
});

afterEach(() => {
  server?.restore();
  server = undefined;
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
    const srv = serve(() => ({ data: { err_code: 0 } }));
    await expect(runAction(request)).resolves.toBe(true);
    expect(Dialog.confirm).toHaveBeenCalledWith(expect.objectContaining({ content: '确定取消该报价吗？' }));
    expect(srv.requests[0]?.method).toBe('post');
    expect(JSON.parse(String(srv.requests[0]?.data))).toEqual({ id: 3 });
    expect(Toast.show).toHaveBeenCalledWith('操作成功');
  });

  it('sends GET parameters in the query', async () => {
    const srv = serve(() => ({ data: { err_code: 0 } }));
    await runAction({ confirmText: '确定？', method: 'GET', url: '/app/x', body: { id: 4 } });
    expect(srv.urlOf(0)).toBe('/app/x?id=4');
  });

  it('does nothing when the user declines', async () => {
    vi.mocked(Dialog.confirm).mockResolvedValue(false);
    const srv = serve(() => ({ data: { err_code: 0 } }));
    await expect(runAction(request)).resolves.toBe(false);
    expect(srv.requests).toHaveLength(0);
    expect(Toast.show).not.toHaveBeenCalled();
  });

  it('shows the server message on failure', async () => {
    serve(() => ({ data: { err_code: 1012, message: '报价已失效' } }));
    await expect(runAction(request)).resolves.toBe(false);
    expect(Toast.show).toHaveBeenCalledWith('报价已失效');
  });

  it('does not repeat what the error catalogue already said', async () => {
    serve(() => ({ data: { err_code: 401, message: '登录已失效' } }));
    await expect(runAction(request)).resolves.toBe(false);
    expect(vi.mocked(Toast.show).mock.calls).toEqual([['请先登录']]);
  });

  it('swallows a raised error', async () => {
    serve((config) => {
      throw networkError(config);
    });
    await expect(runAction(request)).resolves.toBe(false);
    expect(Toast.show).not.toHaveBeenCalled();
  });
});
