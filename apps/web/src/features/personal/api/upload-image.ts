import { apiPaths, type TicketRequest, type UploadTicket } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { uploadWithProgress } from '@/core/xhr-upload';

/** A ticket for one picture of `purpose`, then its bytes; the stored key, or the refusal's message. */
export async function uploadImage(
  file: Blob,
  purpose: 'avatar' | 'feedback',
  onProgress: (percent: number) => void = () => undefined,
): Promise<{ ok: true; key: string; url: string } | { ok: false; message: string }> {
  const request: TicketRequest = {
    purpose,
    files: [{ content_type: file.type as TicketRequest['files'][number]['content_type'], size: file.size }],
  };
  const { tickets } = await http
    .post<{ tickets: UploadTicket[] }>(apiPaths.uploadTicket, request)
    .then(unwrap);
  const [ticket] = tickets;
  if (!ticket) return { ok: false, message: '上传失败，请重试' };
  const outcome = await uploadWithProgress({
    method: 'PUT',
    url: ticket.upload_url,
    headers: ticket.headers,
    body: file,
    onProgress,
  });
  return outcome.ok
    ? { ok: true, key: ticket.key, url: ticket.url }
    : { ok: false, message: outcome.message };
}
