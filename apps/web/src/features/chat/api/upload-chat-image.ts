import { apiPaths, type TicketRequest, type UploadTicket } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { uploadWithProgress, type UploadOutcome } from '@/core/xhr-upload';

export type ChatImageUpload = { ok: true; key: string } | { ok: false; message: string };

/** Uploads one picture for chat (purpose `chat`) with progress; its stored key, or why it failed. */
export async function uploadChatImage(
  file: File,
  onProgress: (percent: number) => void,
): Promise<ChatImageUpload> {
  const request: TicketRequest = {
    purpose: 'chat',
    files: [{ content_type: file.type as TicketRequest['files'][number]['content_type'], size: file.size }],
  };
  const { tickets } = await http
    .post<{ tickets: UploadTicket[] }>(apiPaths.uploadTicket, request, { silent: true })
    .then(unwrap);
  const [ticket] = tickets;
  if (!ticket) return { ok: false, message: '上传失败，请重试' };
  const outcome: UploadOutcome = await uploadWithProgress({
    method: 'PUT',
    url: ticket.upload_url,
    headers: ticket.headers,
    body: file,
    onProgress,
  });
  return outcome.ok ? { ok: true, key: ticket.key } : { ok: false, message: outcome.message };
}
