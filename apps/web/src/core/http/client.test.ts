import { CanceledError } from 'axios';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeedbackUi } from '../feedback-ui';
import { setNavigator } from '../navigation';
import { getAuthorization, writeHeaderSign } from '../storage';
import { ApiError, HandledError, http, isHandledError, unwrap } from './client';
import { fakeServer, networkError, timeoutError, type FakeHandler } from './fake-server.test-support';

let server: ReturnType<typeof fakeServer> | undefined;
const navigate = vi.fn();
let unregister: () => void;

function serve(handler: FakeHandler) {
  server = fakeServer(handler);
  return server;
}

beforeEach(async () => {
  // Toast and Dialog load on first use; loaded up front, calls are synchronous as before, so a
  // 'not shown' assertion cannot pass merely because the feedback UI was still loading.
  await loadFeedbackUi();
  unregister = setNavigator(navigate);
  vi.spyOn(Toast, 'show');
  vi.spyOn(Dialog, 'confirm').mockResolvedValue(false);
});

afterEach(() => {
  server?.restore();
  server = undefined;
  unregister();
  navigate.mockReset();
  vi.restoreAllMocks();
});

const ok = (data: unknown = {}) => ({ data: { err_code: 0, data } });

describe('requests', () => {
  it('sends the stored app_header_sign as headers, per-call headers on top', async () => {
    writeHeaderSign({ Authorization: 'tok', Os: '4', sign: 'sig', 'X-Trace': 'stored' });
    const srv = serve(() => ok());
    await http.get('/app/user/wallet', undefined, {
      headers: { 'X-Trace': 'call', 'Idempotency-Key': 'k1' },
    });
    const headers = srv.requests[0]?.headers;
    expect(headers?.get('Authorization')).toBe('tok');
    expect(headers?.get('Os')).toBe('4');
    expect(headers?.get('sign')).toBe('sig');
    expect(headers?.get('X-Trace')).toBe('call');
    expect(headers?.get('Idempotency-Key')).toBe('k1');
  });

  it('reads the headers at call time', async () => {
    const srv = serve(() => ok());
    writeHeaderSign({ Authorization: 'first' });
    await http.get('/app/notice');
    writeHeaderSign({ Authorization: 'second' });
    await http.get('/app/notice');
    expect(srv.requests.map((config) => config.headers.get('Authorization'))).toEqual(['first', 'second']);
  });

  it('percent-encodes header values XHR would refuse', async () => {
    writeHeaderSign({ model: '华为 Mate', Os: '1' });
    const srv = serve(() => ok());
    await http.get('/app/notice');
    expect(srv.requests[0]?.headers.get('model')).toBe(encodeURIComponent('华为 Mate'));
  });

  it('sends GET parameters in the query, arrays as repeated keys, on the same origin', async () => {
    const srv = serve(() => ok());
    await http.get('/app/goods/detail', { goods_id: 5, tags: ['a', 'b'] });
    expect(srv.urlOf(0)).toBe('/app/goods/detail?goods_id=5&tags=a&tags=b');
    expect(srv.requests[0]?.method).toBe('get');
  });

  it('sends a POST body as JSON', async () => {
    const srv = serve(() => ok());
    await http.post('/app/goods/bargain', { goods_id: 5, price: '12.50' });
    expect(srv.requests[0]?.method).toBe('post');
    expect(JSON.parse(String(srv.requests[0]?.data))).toEqual({ goods_id: 5, price: '12.50' });
  });

  it.each([
    ['/app/notice', undefined, 10_000],
    ['/app/user/ban', undefined, 20_000],
    ['/app/merchant/cloud_phone/restart', undefined, 20_000],
    ['/app/merchant/cloud_phone/upload', undefined, 60_000],
    ['/app/notice', 3_000, 3_000],
  ])('%s with time-out option %s waits %d ms', async (path, timeout, expected) => {
    const srv = serve(() => ok());
    await http.post(path, {}, { timeout });
    expect(srv.requests[0]?.timeout).toBe(expected);
  });
});

describe('responses', () => {
  it('resolves the envelope', async () => {
    serve(() => ok({ balance: '1.00' }));
    await expect(http.get('/app/user/wallet')).resolves.toEqual({ err_code: 0, data: { balance: '1.00' } });
  });

  it('passes on an error envelope the catalogue does not claim', async () => {
    serve(() => ({ data: { err_code: 1010, message: '内容不存在或已删除' } }));
    await expect(http.get('/app/goods/detail')).resolves.toEqual({
      err_code: 1010,
      message: '内容不存在或已删除',
    });
    expect(Toast.show).not.toHaveBeenCalled();
  });

  it('reads an envelope even from an HTTP error status', async () => {
    serve(() => ({ status: 413, data: { err_code: 1002, message: '提交的内容过大，请精简后重试' } }));
    await expect(http.post('/app/feedback', {})).resolves.toMatchObject({ err_code: 1002 });
  });

  it.each([['Authorization'], ['authorization']])(
    'stores a rotated token from the %s header',
    async (name) => {
      writeHeaderSign({ Authorization: 'old', Os: '4' });
      serve(() => ({ ...ok(), headers: { [name]: 'rotated' } }));
      await http.get('/app/user/wallet');
      expect(getAuthorization()).toBe('rotated');
    },
  );

  it('stores a rotated token carried by an error envelope too', async () => {
    serve(() => ({ data: { err_code: 1010 }, headers: { authorization: 'rotated' } }));
    await http.get('/app/goods/detail');
    expect(getAuthorization()).toBe('rotated');
  });

  it('ignores an empty authorization header', async () => {
    writeHeaderSign({ Authorization: 'keep' });
    serve(() => ({ ...ok(), headers: { authorization: '' } }));
    await http.get('/app/notice');
    expect(getAuthorization()).toBe('keep');
  });
});

describe('failures without an envelope', () => {
  it.each([
    ['network error', networkError, 'network'],
    ['time-out', timeoutError, 'network'],
    ['cancellation', () => new CanceledError(), 'canceled'],
  ] as const)('%s rejects with a HandledError and shows nothing', async (_name, makeError, kind) => {
    serve((config) => {
      throw makeError(config);
    });
    const failure = http.get('/app/notice');
    await expect(failure).rejects.toBeInstanceOf(HandledError);
    await expect(failure).rejects.toMatchObject({ kind });
    expect(Toast.show).not.toHaveBeenCalled();
    expect(Dialog.confirm).not.toHaveBeenCalled();
  });

  it('cancels through the caller’s signal', async () => {
    const controller = new AbortController();
    controller.abort();
    serve(() => ok());
    await expect(http.get('/app/notice', undefined, { signal: controller.signal })).rejects.toMatchObject({
      kind: 'canceled',
    });
  });

  it.each([
    ['an HTML page', 200, '<!doctype html>'],
    ['a server error page', 502, 'Bad Gateway'],
    ['JSON without err_code', 200, { ok: true }],
  ])('%s rejects with HandledError kind http', async (_name, status, data) => {
    serve(() => ({ status, data }));
    await expect(http.get('/app/notice')).rejects.toMatchObject({ name: 'HandledError', kind: 'http' });
  });
});

describe('silent requests', () => {
  it('skip the error catalogue', async () => {
    writeHeaderSign({ Authorization: 'tok' });
    serve(() => ({ data: { err_code: 401 } }));
    await expect(http.get('/app/user/wallet', undefined, { silent: true })).resolves.toEqual({
      err_code: 401,
    });
    expect(Toast.show).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(getAuthorization()).toBe('tok');
  });
});

describe('unwrap', () => {
  it('returns the data of a success', () => {
    expect(unwrap({ err_code: 0, data: { id: 3 } })).toEqual({ id: 3 });
  });

  it('throws an ApiError with the server message', () => {
    expect(() => unwrap({ err_code: 1012, message: '订单状态已变化' })).toThrow(
      expect.objectContaining({ name: 'ApiError', code: 1012, message: '订单状态已变化', handled: false }),
    );
  });

  // The server sends every error's message; the whole message map stays off the first visit.
  it('falls back to a general message and marks codes the catalogue handles', () => {
    let caught: unknown;
    try {
      unwrap({ err_code: 401, sub_code: 7 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ code: 401, subCode: 7, message: '系统繁忙，请稍后再试', handled: true });
    expect(isHandledError(caught)).toBe(false);
  });

  it('treats a business error with a dialog as handled', () => {
    expect(() => unwrap({ err_code: 1011, dialog: { type: 1, message: '无权限' } })).toThrow(
      expect.objectContaining({ handled: true }),
    );
  });
});
