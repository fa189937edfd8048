import { apiPaths, type TicketRequest, type UploadTicket } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

/** One ticket per file, so that one refused file (wrong type, too large) does not stop the others. */
export async function requestScreenshotTicket(file: Blob): Promise<UploadTicket> {
  const request = {
    purpose: 'goods_screenshot',
    files: [{ content_type: file.type || 'application/octet-stream', size: file.size }],
  } as TicketRequest;
  const { tickets } = await http
    .post<{ tickets: UploadTicket[] }>(apiPaths.uploadTicket, request)
    .then(unwrap);
  const [ticket] = tickets;
  if (!ticket) throw new Error('no upload ticket');
  return ticket;
}
