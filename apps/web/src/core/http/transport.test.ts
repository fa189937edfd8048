import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchTransport, queryString, TransportError } from './transport';

const request = { method: 'GET' as const, url: '/app/x', headers: { Authorization: 't' }, timeoutMs: 50 };

afterEach(() => vi.unstubAllGlobals());

/** A fetch that answers only when its signal aborts (then rejects as the browser does). */
const hangingFetch = () =>
  vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
  );

describe('fetchTransport', () => {
  it('answers the status, lower-case headers and the parsed JSON body, or the text when not JSON', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        new Response('{"err_code":0}', { status: 200, headers: { Authorization: 'new' } }),
      )
      .mockResolvedValueOnce(new Response('Bad Gateway', { status: 502 }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchTransport(request)).toEqual({
      status: 200,
      headers: { authorization: 'new', 'content-type': 'text/plain;charset=UTF-8' },
      body: { err_code: 0 },
    });
    expect((await fetchTransport(request)).body).toBe('Bad Gateway');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', headers: { Authorization: 't' } });
  });

  it('gives up after the time-out as a network failure', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    await expect(fetchTransport(request)).rejects.toMatchObject({ kind: 'network', message: 'timed out' });
  });

  it('stops when the caller aborts, as canceled', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const pending = fetchTransport({ ...request, timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    const error: unknown = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'canceled' });
  });
});

describe('queryString', () => {
  it('repeats array keys, leaves out empty values and encodes the rest', () => {
    expect(
      queryString({ platform: 'ios', tags: ['a', 'b'], none: undefined, gone: null, q: '王者 荣耀' }),
    ).toBe('?platform=ios&tags=a&tags=b&q=%E7%8E%8B%E8%80%85+%E8%8D%A3%E8%80%80');
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
