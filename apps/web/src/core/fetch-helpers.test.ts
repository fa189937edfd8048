import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchWithTimeout, requestFromBases } from './fetch-helpers';

const fetchMock = vi.fn<typeof fetch>();

/** A fetch that never answers until its signal aborts, like a server that hangs. */
function hangingFetch(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('fetchWithTimeout', () => {
  it('resolves the response when it arrives in time', async () => {
    fetchMock.mockResolvedValue(new Response('ok'));
    const response = await fetchWithTimeout('/x', { method: 'POST' });
    expect(await response.text()).toBe('ok');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('rejects with "request timeout" and aborts after the default 5000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch);
    const result = fetchWithTimeout('/x');
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toThrow(new Error('request timeout'));
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });

  it('times out even when fetch ignores the abort signal', async () => {
    vi.useFakeTimers();
    fetchMock.mockReturnValue(new Promise<Response>(() => undefined));
    const result = fetchWithTimeout('/x', {}, 100);
    const assertion = expect(result).rejects.toThrow('request timeout');
    await vi.advanceTimersByTimeAsync(100);
    await assertion;
  });

  it('passes on the caller’s own abort', async () => {
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const result = fetchWithTimeout('/x', { signal: controller.signal });
    controller.abort();
    await expect(result).rejects.toThrow('aborted');
  });
});

describe('requestFromBases', () => {
  it('tries base URLs in order and resolves the first good JSON answer', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('oops', { status: 502 }))
      .mockResolvedValueOnce(Response.json({ code: 200 }));
    const result = await requestFromBases<{ code: number }>('/security/v1/token', {
      baseUrls: ['https://a.example', 'https://b.example', ''],
      init: { method: 'POST' },
    });
    expect(result).toEqual({ code: 200 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'https://a.example/security/v1/token',
      'https://b.example/security/v1/token',
      '/security/v1/token',
    ]);
  });

  it('stops at the first base that answers', async () => {
    fetchMock.mockResolvedValue(Response.json({ ok: true }));
    await requestFromBases('/p', { baseUrls: ['https://a.example', 'https://b.example'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('names the number of attempts when every base fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = requestFromBases('/p', { baseUrls: ['a', 'b', 'c'] });
    await expect(failure).rejects.toThrow('请求失败，已尝试 3 次');
    await expect(failure).rejects.toHaveProperty('cause', new TypeError('Failed to fetch'));
  });

  it('counts a non-JSON answer as a failure', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response('<html>')));
    await expect(requestFromBases('/p', { baseUrls: ['a', 'b'] })).rejects.toThrow('请求失败，已尝试 2 次');
  });

  it('gives each base its own 6000 ms by default', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(hangingFetch).mockResolvedValueOnce(Response.json({ code: 201 }));
    const result = requestFromBases('/p', { baseUrls: ['slow', 'fast'] });
    await vi.advanceTimersByTimeAsync(5999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ code: 201 });
  });
});
