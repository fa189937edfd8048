import { messageFor } from '@haoshi/contracts';

export interface UploadRequest {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
  body: Blob;
  /** 0–100, as the browser reports bytes sent. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

export type UploadOutcome = { ok: true } | { ok: false; message: string; code?: number; aborted?: boolean };

const NETWORK_ERROR = '网络异常，上传失败';

function refusalOf(xhr: XMLHttpRequest): { code: number; message: string } | undefined {
  try {
    const body = JSON.parse(xhr.responseText) as { err_code?: unknown; message?: unknown };
    if (typeof body.err_code !== 'number' || body.err_code === 0) return undefined;
    const message =
      typeof body.message === 'string' && body.message !== '' ? body.message : messageFor(body.err_code);
    return { code: body.err_code, message };
  } catch {
    return undefined;
  }
}

/**
 * Sends one file to an upload ticket's URL with XMLHttpRequest (fetch cannot report upload
 * progress). Resolves, never rejects; a refusal carries the server's Chinese message.
 */
export function uploadWithProgress(request: UploadRequest): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        request.onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const refusal = refusalOf(xhr);
      if (refusal) resolve({ ok: false, ...refusal });
      else if (xhr.status >= 200 && xhr.status < 300) {
        request.onProgress(100);
        resolve({ ok: true });
      } else resolve({ ok: false, message: `上传失败（HTTP ${xhr.status}）` });
    };
    xhr.onerror = () => resolve({ ok: false, message: NETWORK_ERROR });
    xhr.ontimeout = () => resolve({ ok: false, message: NETWORK_ERROR });
    xhr.onabort = () => resolve({ ok: false, message: '上传已取消', aborted: true });
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });
}
