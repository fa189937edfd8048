import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFeedbackUi } from '../feedback-ui';
import { setNavigator } from '../navigation';
import { getAuthorization, writeHeaderSign } from '../storage';
import { ApiError, HandledError, http, isHandledError, unwrap } from './client';
import { apiPaths } from '@haoshi/contracts';
import { reply, setupFakeApi } from './fake-api.test-support';

const fake = setupFakeApi();
const navigate = vi.fn();
let unregister: () => void;
const games = () => ({ list: [] });

beforeEach(async () => {
  // Toast and Dialog load on first use; loaded up front, calls are synchronous as before, so a
  // 'not shown' assertion cannot pass merely because the feedback UI was still loading.
  await loadFeedbackUi();
  unregister = setNavigator(navigate);
  vi.spyOn(Toast, 'show');
  vi.spyOn(Dialog, 'confirm').mockResolvedValue(false);
});

afterEach(() => {
  unregister();
  navigate.mockReset();
  vi.restoreAllMocks();
});

describe('requests', () => {
  it('sends the stored app_header_sign as headers, per-call headers on top', async () => {
    writeHeaderSign({ Authorization: 'tok', Os: '4', sign: 'sig', 'X-Trace': 'stored' });
    fake.on(apiPaths.goodsGames, games);
    await http.get(apiPaths.goodsGames, undefined, {
      headers: { 'X-Trace': 'call', 'Idempotency-Key': 'k1' },
    });
    const headers = fake.requests[0]?.config.headers;
    expect(headers?.['Authorization']).toBe('tok');
    expect(headers?.['Os']).toBe('4');
    expect(headers?.['sign']).toBe('sig');
    expect(headers?.['X-Trace']).toBe('call');
    expect(headers?.['Idempotency-Key']).toBe('k1');
  });

  it('reads the headers at call time', async () => {
    fake.on(apiPaths.goodsGames, games);
    writeHeaderSign({ Authorization: 'first' });
    await http.get(apiPaths.goodsGames);
    writeHeaderSign({ Authorization: 'second' });
    await http.get(apiPaths.goodsGames);
    expect(fake.requests.map((request) => request.config.headers['Authorization'])).toEqual([
      'first',
      'second',
    ]);
  });

  it('percent-encodes header values XHR would refuse', async () => {
    writeHeaderSign({ model: '华为 Mate', Os: '1' });
    fake.on(apiPaths.goodsGames, games);
    await http.get(apiPaths.goodsGames);
    expect(fake.requests[0]?.config.headers['model']).toBe(encodeURIComponent('华为 Mate'));
  });

  it('sends GET parameters in the query, arrays as repeated keys, on the same origin', async () => {
    fake.on(apiPaths.goodsGames, games);
    await http.get(apiPaths.goodsGames, { platform: 'ios', tags: ['a', 'b'] });
    expect(fake.requests[0]?.url).toBe('/app/goods/game?platform=ios&tags=a&tags=b');
    expect(fake.requests[0]?.method).toBe('GET');
  });

  it('sends a POST body as JSON', async () => {
    fake.onUnlisted('POST', '/app/report/submit', () => null);
    await http.post('/app/report/submit', { goods_id: 5, price: '12.50' });
    expect(fake.requests[0]?.method).toBe('POST');
    expect(fake.requests[0]?.config.headers['Content-Type']).toMatch(/^application\/json/);
    expect(fake.requests[0]?.body).toEqual({ goods_id: 5, price: '12.50' });
  });

  it.each([
    ['/app/report/submit', undefined, 10_000],
    ['/app/user/ban', undefined, 20_000],
    ['/app/merchant/cloud_phone/restart', undefined, 20_000],
    ['/app/merchant/cloud_phone/upload', undefined, 60_000],
    ['/app/report/submit', 3_000, 3_000],
  ])('%s with time-out option %s waits %d ms', async (path, timeout, expected) => {
    fake.onUnlisted('POST', path, () => null);
    await http.post(path, {}, { timeout });
    expect(fake.requests[0]?.config.timeout).toBe(expected);
  });
});

describe('responses', () => {
  it('resolves the envelope', async () => {
    fake.on(apiPaths.goodsGames, () => ({ list: [] }));
    await expect(http.get(apiPaths.goodsGames)).resolves.toEqual({ err_code: 0, data: { list: [] } });
  });

  it('passes on an error envelope the catalogue does not claim', async () => {
    fake.on(apiPaths.goodsDetail, () => reply.error(1010, '内容不存在或已删除'));
    await expect(http.get(apiPaths.goodsDetail, { goods_id: 1 })).resolves.toEqual({
      err_code: 1010,
      message: '内容不存在或已删除',
    });
    expect(Toast.show).not.toHaveBeenCalled();
  });

  it('reads an envelope even from an HTTP error status', async () => {
    fake.on(apiPaths.feedback, () => reply.error(1002, '提交的内容过大，请精简后重试', { status: 413 }));
    await expect(
      http.post(apiPaths.feedback, { content: '很长的反馈', category: 'other' }),
    ).resolves.toMatchObject({
      err_code: 1002,
    });
  });

  it.each([['Authorization'], ['authorization']])(
    'stores a rotated token from the %s header',
    async (name) => {
      writeHeaderSign({ Authorization: 'old', Os: '4' });
      fake.on(apiPaths.goodsGames, () => reply.ok({ list: [] }, { headers: { [name]: 'rotated' } }));
      await http.get(apiPaths.goodsGames);
      expect(getAuthorization()).toBe('rotated');
    },
  );

  it('stores a rotated token carried by an error envelope too', async () => {
    fake.on(apiPaths.goodsDetail, () =>
      reply.error(1010, undefined, { headers: { authorization: 'rotated' } }),
    );
    await http.get(apiPaths.goodsDetail, { goods_id: 1 });
    expect(getAuthorization()).toBe('rotated');
  });

  it('ignores an empty authorization header', async () => {
    writeHeaderSign({ Authorization: 'keep' });
    fake.on(apiPaths.goodsGames, () => reply.ok({ list: [] }, { headers: { authorization: '' } }));
    await http.get(apiPaths.goodsGames);
    expect(getAuthorization()).toBe('keep');
  });
});

describe('failures without an envelope', () => {
  it.each([
    ['network error', reply.network, 'network'],
    ['time-out', reply.timeout, 'network'],
  ] as const)('%s rejects with a HandledError and shows nothing', async (_name, makeReply, kind) => {
    fake.on(apiPaths.goodsGames, makeReply);
    const failure = http.get(apiPaths.goodsGames);
    await expect(failure).rejects.toBeInstanceOf(HandledError);
    await expect(failure).rejects.toMatchObject({ kind });
    expect(Toast.show).not.toHaveBeenCalled();
    expect(Dialog.confirm).not.toHaveBeenCalled();
  });

  it('cancels through the caller’s signal, rejecting with a HandledError and showing nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    fake.on(apiPaths.goodsGames, games);
    await expect(
      http.get(apiPaths.goodsGames, undefined, { signal: controller.signal }),
    ).rejects.toMatchObject({ kind: 'canceled' });
    expect(fake.requests).toHaveLength(0);
    expect(Toast.show).not.toHaveBeenCalled();
    expect(Dialog.confirm).not.toHaveBeenCalled();
  });

  it.each([
    ['an HTML page', 200, '<!doctype html>'],
    ['a server error page', 502, 'Bad Gateway'],
    ['JSON without err_code', 200, { ok: true }],
  ])('%s rejects with HandledError kind http', async (_name, status, data) => {
    fake.on(apiPaths.goodsGames, () => reply.raw(status, data));
    await expect(http.get(apiPaths.goodsGames)).rejects.toMatchObject({ name: 'HandledError', kind: 'http' });
  });
});

describe('silent requests', () => {
  it('skip the error catalogue', async () => {
    writeHeaderSign({ Authorization: 'tok' });
    fake.on(apiPaths.goodsGames, () => reply.error(401, '登录已失效'));
    await expect(http.get(apiPaths.goodsGames, undefined, { silent: true })).resolves.toEqual({
      err_code: 401,
      message: '登录已失效',
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
