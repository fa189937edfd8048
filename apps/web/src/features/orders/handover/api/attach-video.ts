import {
  apiPaths,
  orderHandoverPaths,
  type OrderHandover,
  type TicketRequest,
  type UploadTicket,
} from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { uploadWithProgress, type UploadOutcome } from '@/core/xhr-upload';
import { useHandoverMutation } from './handover-mutation';

export function attachVideo(request: { order_no: string; key: string }): Promise<OrderHandover> {
  return http.post<OrderHandover>(orderHandoverPaths.video, request).then(unwrap);
}

/** A ticket for one `order_video`, then the bytes with progress; the stored key when both succeed. */
export async function uploadOrderVideo(
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ ok: true; key: string } | Extract<UploadOutcome, { ok: false }>> {
  const request: TicketRequest = {
    purpose: 'order_video',
    files: [{ content_type: file.type as TicketRequest['files'][number]['content_type'], size: file.size }],
  };
  const { tickets } = await http
    .post<{ tickets: UploadTicket[] }>(apiPaths.uploadTicket, request)
    .then(unwrap);
  const [ticket] = tickets;
  if (!ticket) throw new Error('no upload ticket');
  const outcome = await uploadWithProgress({
    method: 'PUT',
    url: ticket.upload_url,
    headers: ticket.headers,
    body: file,
    onProgress,
  });
  return outcome.ok ? { ok: true, key: ticket.key } : outcome;
}

export function useAttachVideo() {
  return useHandoverMutation('attachOrderVideo', attachVideo);
}
