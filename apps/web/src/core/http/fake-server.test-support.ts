import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { httpInstance } from './client';

export interface FakeReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

/** Answers the shared client's requests in-process (axios adapter); tests call restore afterwards. */
export function fakeServer(handler: FakeHandler) {
  const requests: InternalAxiosRequestConfig[] = [];
  const previous = httpInstance.defaults.adapter;
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const reply = await handler(config);
    return {
      data: reply.data,
      status: reply.status ?? 200,
      statusText: '',
      headers: reply.headers ?? {},
      config,
    };
  };
  httpInstance.defaults.adapter = adapter;
  return {
    requests,
    /** The address the request would have gone to, query included. */
    urlOf: (index: number) => {
      const config = requests[index];
      return config ? httpInstance.getUri(config) : undefined;
    },
    restore: () => {
      httpInstance.defaults.adapter = previous;
    },
  };
}

export function networkError(config: InternalAxiosRequestConfig): AxiosError {
  return new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
}

export function timeoutError(config: InternalAxiosRequestConfig): AxiosError {
  return new AxiosError(`timeout of ${config.timeout ?? 0}ms exceeded`, AxiosError.ECONNABORTED, config);
}
