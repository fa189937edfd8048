import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ChatMessage, History, SendMessageRequest, SendMessageResult } from '@haoshi/contracts';
import type { ChatLink } from '@/core/chat-link';
import { ApiError } from '@/core/http/errors';
import { customerServiceKeys } from '@/core/query-keys';
import { sendChatMessage } from './api/chat-send';

/** How long a send over the socket may wait for `sent` before it goes again over HTTP (same id). */
export const SERVICE_SEND_ACK_TIMEOUT_MS = 8_000;

const highestSeq = (history: History) =>
  history.list.reduce((highest, message) => Math.max(highest, message.seq), history.last_seq);

/** One message into the held page, once (keyed by seq), in seq order. */
export function mergeServiceMessage(history: History | undefined, message: ChatMessage): History | undefined {
  if (!history) return history;
  const list = [...history.list.filter((item) => item.seq !== message.seq), message].sort(
    (a, b) => a.seq - b.seq,
  );
  return { ...history, list, last_seq: Math.max(history.last_seq, message.seq) };
}

/**
 * The service conversation follows the tab's chat socket: new messages, recalls and the answers to
 * this tab's sends go straight into the screen's history; a platform line (staff joined, transfer,
 * closed) refreshes the session; after a reconnect or a gap in the seqs the history is asked again.
 */
export function useLiveServiceChat(
  link: ChatLink | undefined,
  conversationId: number | null,
  sessionId: number,
): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!link || conversationId === null) return undefined;
    const key = customerServiceKeys.messages(conversationId);
    return link.subscribeFrames((frame) => {
      if (frame.type === 'ready') {
        void client.invalidateQueries({ queryKey: key });
        void client.invalidateQueries({ queryKey: customerServiceKeys.session(sessionId) });
        return;
      }
      if (frame.type !== 'message' && frame.type !== 'recall' && frame.type !== 'sent') return;
      const { message } = frame;
      if (message.conversation_id !== conversationId) return;
      const held = client.getQueryData<History>(key);
      const gap = held !== undefined && frame.type !== 'recall' && message.seq > highestSeq(held) + 1;
      client.setQueryData<History>(key, (data) => mergeServiceMessage(data, message));
      if (gap) void client.invalidateQueries({ queryKey: key });
      if (message.content.kind === 'notice') {
        void client.invalidateQueries({ queryKey: customerServiceKeys.session(sessionId) });
        void client.invalidateQueries({ queryKey: customerServiceKeys.queue });
      }
    });
  }, [link, client, conversationId, sessionId]);
}

/**
 * What a member sees is read (so the 消息 tab's total does not count the service chat): a `read`
 * frame once per newer seq while the socket is up; the next newer message or visit sends it again.
 */
export function useMarkServiceRead(
  link: ChatLink | undefined,
  connected: boolean,
  conversationId: number | null,
  newestSeq: number,
  member: boolean,
): void {
  const sent = useRef(0);
  useEffect(() => {
    if (!link || !connected || !member || conversationId === null || newestSeq <= sent.current) return;
    if (link.sendFrame({ type: 'read', conversation_id: conversationId, seq: newestSeq }))
      sent.current = newestSeq;
  }, [link, connected, member, conversationId, newestSeq]);
}

/** The staff queue follows the socket: asked again when it changed and after every reconnect. */
export function useLiveServiceQueue(link: ChatLink | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!link) return undefined;
    return link.subscribeFrames((frame) => {
      if (frame.type === 'service_queue' || frame.type === 'ready')
        void client.invalidateQueries({ queryKey: customerServiceKeys.queue });
    });
  }, [link, client]);
}

/**
 * Sends over the socket when it is up (the answer is the `sent` frame of this client_msg_id, or the
 * `error` frame refusing it); over HTTP when it is down or no answer came in time. The server stores
 * a client_msg_id once, so the HTTP retry never doubles a message.
 */
export function sendServiceMessage(
  link: ChatLink | undefined,
  request: SendMessageRequest,
  schedule: (work: () => void, ms: number) => () => void = (work, ms) => {
    const timer = window.setTimeout(work, ms);
    return () => window.clearTimeout(timer);
  },
): Promise<SendMessageResult> {
  if (!link?.connected()) return sendChatMessage(request);
  return new Promise<SendMessageResult>((resolve, reject) => {
    let settled = false;
    let cancelTimer: () => void = () => undefined;
    const settle = () => {
      settled = true;
      unsubscribe();
      cancelTimer();
    };
    const overHttp = () => {
      settle();
      sendChatMessage(request).then(resolve, reject);
    };
    const unsubscribe = link.subscribeFrames((frame) => {
      if (settled) return;
      if (frame.type === 'sent' && frame.client_msg_id === request.client_msg_id) {
        settle();
        resolve({ message: frame.message, duplicate: frame.duplicate });
      } else if (frame.type === 'error' && frame.client_msg_id === request.client_msg_id) {
        settle();
        reject(new ApiError(frame.err_code, frame.message));
      }
    });
    cancelTimer = schedule(() => {
      if (!settled) overHttp();
    }, SERVICE_SEND_ACK_TIMEOUT_MS);
    const written = link.sendFrame({
      type: 'send',
      conversation_id: request.conversation_id,
      client_msg_id: request.client_msg_id,
      content: request.content,
    });
    if (!written) overHttp();
  });
}
