import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import type { Screenshot, UploadTicket } from '@haoshi/contracts';
import { requestScreenshotTicket } from '../api/upload-ticket';
import { codeOf, isRetryable, refusalText } from './refusal-text';
import { uploadWithProgress, type UploadOutcome, type UploadRequest } from '@/core/xhr-upload';

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface ScreenshotItem {
  id: string;
  /** Local preview (object URL) or the stored image's thumbnail. */
  preview: string;
  status: UploadStatus;
  percent: number;
  /** The storage key once uploaded: what the listing's `screenshots` holds. */
  key?: string;
  error?: string;
  /** False when the file itself was refused (type, size, broken): only removing it helps. */
  retryable?: boolean;
}

type Action =
  | { type: 'add'; items: ScreenshotItem[] }
  | { type: 'update'; id: string; patch: Partial<ScreenshotItem> }
  | { type: 'remove'; id: string }
  | { type: 'reset'; items: ScreenshotItem[] };

function reducer(items: ScreenshotItem[], action: Action): ScreenshotItem[] {
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'update':
      return items.map((item) => (item.id === action.id ? { ...item, ...action.patch } : item));
    case 'remove':
      return items.filter((item) => item.id !== action.id);
    case 'reset':
      return action.items;
  }
}

/** Swappable for tests: the ticket call and the XHR upload. */
export interface UploadTransport {
  ticket: (file: Blob) => Promise<UploadTicket>;
  upload: (request: UploadRequest) => Promise<UploadOutcome>;
}

const defaultTransport: UploadTransport = { ticket: requestScreenshotTicket, upload: uploadWithProgress };

let sequence = 0;
const nextId = () => `shot-${Date.now()}-${(sequence += 1)}`;

export const storedScreenshotItems = (screenshots: readonly Screenshot[]): ScreenshotItem[] =>
  screenshots.map((shot) => ({
    id: shot.key,
    preview: shot.thumb,
    status: 'done',
    percent: 100,
    key: shot.key,
  }));

/**
 * The screenshots of one listing: each picked file asks for its own ticket, then goes up with
 * progress; a failure keeps the file so the seller can retry, and removal cancels an upload.
 */
export function useScreenshotUploads(
  transport: UploadTransport = defaultTransport,
  initial: () => ScreenshotItem[] = () => [],
) {
  const [items, dispatch] = useReducer(reducer, undefined, initial);
  const files = useRef(new Map<string, Blob>());
  const aborts = useRef(new Map<string, AbortController>());

  const start = useCallback(
    async (id: string) => {
      const file = files.current.get(id);
      if (!file) return;
      const abort = new AbortController();
      aborts.current.set(id, abort);
      dispatch({ type: 'update', id, patch: { status: 'uploading', percent: 0, error: undefined } });
      try {
        const ticket = await transport.ticket(file);
        if (abort.signal.aborted) return;
        const outcome = await transport.upload({
          method: ticket.method,
          url: ticket.upload_url,
          headers: ticket.headers,
          body: file,
          signal: abort.signal,
          onProgress: (percent) => dispatch({ type: 'update', id, patch: { percent } }),
        });
        if (outcome.ok)
          dispatch({ type: 'update', id, patch: { status: 'done', percent: 100, key: ticket.key } });
        else if (!outcome.aborted)
          dispatch({
            type: 'update',
            id,
            patch: { status: 'failed', error: outcome.message, retryable: isRetryable(outcome.code) },
          });
      } catch (error) {
        if (!abort.signal.aborted)
          dispatch({
            type: 'update',
            id,
            patch: { status: 'failed', error: refusalText(error), retryable: isRetryable(codeOf(error)) },
          });
      } finally {
        aborts.current.delete(id);
      }
    },
    [transport],
  );

  const add = useCallback(
    (picked: readonly File[]) => {
      const added = picked.map((file): ScreenshotItem => {
        const id = nextId();
        files.current.set(id, file);
        return { id, preview: URL.createObjectURL(file), status: 'waiting', percent: 0 };
      });
      dispatch({ type: 'add', items: added });
      for (const item of added) void start(item.id);
    },
    [start],
  );

  const retry = useCallback((id: string) => void start(id), [start]);

  const remove = useCallback(
    (id: string) => {
      aborts.current.get(id)?.abort();
      const item = items.find((candidate) => candidate.id === id);
      if (item && files.current.has(id)) URL.revokeObjectURL(item.preview);
      files.current.delete(id);
      dispatch({ type: 'remove', id });
    },
    [items],
  );

  const reset = useCallback((stored: ScreenshotItem[]) => dispatch({ type: 'reset', items: stored }), []);

  useEffect(() => {
    const pending = aborts.current;
    return () => {
      for (const abort of pending.values()) abort.abort();
    };
  }, []);

  const keys = useMemo(
    () => items.flatMap((item) => (item.status === 'done' && item.key ? [item.key] : [])),
    [items],
  );
  const progress = useMemo(
    () => ({ done: keys.length, unfinished: items.length - keys.length }),
    [items.length, keys.length],
  );

  return { items, keys, progress, add, retry, remove, reset };
}

export type ScreenshotUploads = ReturnType<typeof useScreenshotUploads>;
