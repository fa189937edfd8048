import { apiPaths, type TicketRequest, type UploadTicket } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { uploadWithProgress, type UploadOutcome } from '@/core/xhr-upload';

async function requestSignatureTicket(image: Blob): Promise<UploadTicket> {
  const request: TicketRequest = {
    purpose: 'signature',
    files: [{ content_type: 'image/png', size: image.size }],
  };
  const { tickets } = await http
    .post<{ tickets: UploadTicket[] }>(apiPaths.uploadTicket, request)
    .then(unwrap);
  const [ticket] = tickets;
  if (!ticket) throw new Error('no upload ticket');
  return ticket;
}

/** The drawn signature (PNG): a ticket, then the bytes with progress; the stored key on success. */
export async function uploadSignature(
  image: Blob,
  onProgress: (percent: number) => void,
): Promise<{ ok: true; key: string } | Extract<UploadOutcome, { ok: false }>> {
  const ticket = await requestSignatureTicket(image);
  const outcome = await uploadWithProgress({
    method: 'PUT',
    url: ticket.upload_url,
    headers: ticket.headers,
    body: image,
    onProgress,
  });
  return outcome.ok ? { ok: true, key: ticket.key } : outcome;
}
