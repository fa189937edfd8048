import { apiPaths, type TicketRequest, type UploadTicket } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { uploadWithProgress } from '@/core/xhr-upload';

/** Uploads one evidence picture (purpose `dispute`); its stored key and URL, or null when it failed. */
export async function uploadEvidence(file: File): Promise<{ key: string; url: string } | null> {
  const request: TicketRequest = {
    purpose: 'dispute',
    files: [{ content_type: file.type as TicketRequest['files'][number]['content_type'], size: file.size }],
  };
  const { tickets } = await http
    .post<{ tickets: UploadTicket[] }>(apiPaths.uploadTicket, request)
    .then(unwrap);
  const [ticket] = tickets;
  if (!ticket) return null;
  const outcome = await uploadWithProgress({
    method: 'PUT',
    url: ticket.upload_url,
    headers: ticket.headers,
    body: file,
    onProgress: () => undefined,
  });
  return outcome.ok ? { key: ticket.key, url: ticket.url } : null;
}
