import { apiPaths, type TicketRequest, type UploadTicket } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { uploadWithProgress, type UploadOutcome } from '@/core/xhr-upload';

export async function requestQrTicket(file: Blob): Promise<UploadTicket> {
  const request: TicketRequest = {
    purpose: 'payout_qr',
    files: [{ content_type: file.type as TicketRequest['files'][number]['content_type'], size: file.size }],
  };
  const { tickets } = await http
    .post<{ tickets: UploadTicket[] }>(apiPaths.uploadTicket, request)
    .then(unwrap);
  const [ticket] = tickets;
  if (!ticket) throw new Error('no upload ticket');
  return ticket;
}

/** A ticket, then the bytes with progress; the stored key when both succeed. */
export async function uploadQrImage(
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ ok: true; key: string; url: string } | Extract<UploadOutcome, { ok: false }>> {
  const ticket = await requestQrTicket(file);
  const outcome = await uploadWithProgress({
    method: 'PUT',
    url: ticket.upload_url,
    headers: ticket.headers,
    body: file,
    onProgress,
  });
  return outcome.ok ? { ok: true, key: ticket.key, url: ticket.url } : outcome;
}
