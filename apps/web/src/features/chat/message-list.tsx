import { Fragment, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ChatMessage } from '@haoshi/contracts';
import { StatusScreen } from '@/ui/status-screen';
import { useMessages } from './api/messages';
import { SEPARATOR_GAP_MS, separatorTime } from './chat-time';
import { MessageBubble, NoticeLine, PendingBubble } from './message-bubble';
import { chatMessages as m } from './messages';
import { usePendingMessages } from './session/chat-connection';
import type { ChatSession } from './session/chat-session';
import { messagesOfHistory } from './session/message-merge';

/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 120;

function needsSeparator(previous: ChatMessage | undefined, message: ChatMessage): boolean {
  if (!previous) return true;
  return Date.parse(message.created_at) - Date.parse(previous.created_at) > SEPARATOR_GAP_MS;
}

/**
 * The receipts under the viewer's own messages at the end of the history (after the other user's
 * last message): read when the other user's read mark reached them.
 */
export function receiptsOf(
  messages: readonly ChatMessage[],
  isOwn: (message: ChatMessage) => boolean,
  peerReadSeq: number,
): Map<number, 'read' | 'unread'> {
  const receipts = new Map<number, 'read' | 'unread'>();
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (!message || message.sender_id === null || message.content.kind === 'recalled') continue;
    if (!isOwn(message)) break;
    receipts.set(message.seq, message.seq <= peerReadSeq ? 'read' : 'unread');
  }
  return receipts;
}

function LoadOlder({ onLoad, loading, failed }: { onLoad: () => void; loading: boolean; failed: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  const onLoadRef = useRef(onLoad);
  useEffect(() => {
    onLoadRef.current = onLoad;
  }, [onLoad]);
  useEffect(() => {
    const element = ref.current;
    if (loading || failed || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadRef.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading, failed]);
  return (
    <button ref={ref} type="button" className="chat-older" disabled={loading} onClick={onLoad}>
      {loading ? m.olderLoading : failed ? m.olderFailed : m.olderLoading}
    </button>
  );
}

/**
 * A conversation's messages, oldest at the top: older pages load when the top comes into view (the
 * reading position stays where it was), new ones keep the view at the bottom when the reader is
 * there. Pending sends follow the stored messages. What is on screen is marked read.
 */
export function MessageList({
  conversationId,
  session,
  isOwn,
  onActions,
  peerReadSeq,
}: {
  conversationId: number;
  session: ChatSession;
  isOwn: (message: ChatMessage) => boolean;
  onActions: (message: ChatMessage) => void;
  /** A private chat: how far the other user has read (shows 已读/未读); undefined elsewhere. */
  peerReadSeq?: number | undefined;
}) {
  const history = useMessages(conversationId);
  const pending = usePendingMessages(session, conversationId);
  const stored = useMemo(() => messagesOfHistory(history.data?.pages ?? []), [history.data]);
  const storedIds = useMemo(() => new Set(stored.map((message) => message.client_msg_id)), [stored]);
  const waiting = pending.filter((item) => !storedIds.has(item.client_msg_id));
  const receipts = peerReadSeq === undefined ? undefined : receiptsOf(stored, isOwn, peerReadSeq);
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number; firstSeq: number | undefined } | undefined>(undefined);
  const stick = useRef(true);
  const newest = stored.at(-1)?.seq ?? 0;
  const firstSeq = stored[0]?.seq;

  // Older messages came in above: keep the reader on the message they were reading.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = anchor.current;
    if (before && before.firstSeq !== firstSeq)
      element.scrollTop = element.scrollHeight - before.height + before.top;
    else if (stick.current) element.scrollTop = element.scrollHeight;
    anchor.current = { height: element.scrollHeight, top: element.scrollTop, firstSeq };
  });

  // Shown while the page is visible: read up to the newest (the pane's effects stop while hidden).
  useEffect(() => {
    if (newest > 0 && document.visibilityState === 'visible') session.markRead(conversationId, newest);
  }, [session, conversationId, newest]);

  if (history.isPending) {
    return (
      <div
        className="chat-messages chat-messages--loading"
        role="status"
        aria-busy="true"
        aria-label="加载中"
      />
    );
  }
  if (history.isError) {
    return (
      <StatusScreen
        status="disconnected"
        title={m.historyFailedTitle}
        description={m.loadFailedBody}
        actions={[{ text: m.retry, primary: true, onClick: () => void history.refetch() }]}
        testId="history-error"
      />
    );
  }

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    anchor.current = { height: element.scrollHeight, top: element.scrollTop, firstSeq };
  };

  return (
    <div
      ref={scroller}
      className="chat-messages"
      onScroll={onScroll}
      role="log"
      aria-label={m.historyLabel}
      data-testid="chat-messages"
    >
      {history.hasNextPage ? (
        <LoadOlder
          onLoad={() => void history.fetchNextPage()}
          loading={history.isFetchingNextPage}
          failed={history.isFetchNextPageError}
        />
      ) : (
        <p className="chat-history-start">{m.historyStart}</p>
      )}
      {stored.map((message, index) => (
        <Fragment key={message.seq}>
          {needsSeparator(stored[index - 1], message) ? (
            <p className="chat-separator">{separatorTime(message.created_at)}</p>
          ) : null}
          {message.content.kind === 'notice' || message.content.kind === 'recalled' ? (
            <NoticeLine message={message} own={isOwn(message)} />
          ) : (
            <MessageBubble message={message} own={isOwn(message)} onActions={onActions} />
          )}
          {receipts?.has(message.seq) ? (
            <p
              className={`chat-receipt chat-receipt--${receipts.get(message.seq) ?? 'unread'}`}
              data-testid="chat-receipt"
              data-seq={message.seq}
            >
              {receipts.get(message.seq) === 'read' ? m.receiptRead : m.receiptUnread}
            </p>
          ) : null}
        </Fragment>
      ))}
      {waiting.map((item) => (
        <PendingBubble
          key={item.client_msg_id}
          pending={item}
          onRetry={() => session.retry(item.client_msg_id)}
          onDiscard={() => session.discard(item.client_msg_id)}
        />
      ))}
    </div>
  );
}
