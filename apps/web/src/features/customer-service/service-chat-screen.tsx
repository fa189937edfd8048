import { Button, Input } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { ServiceSession } from '@haoshi/contracts';
import { useChatLink, useChatLinkConnected, type ChatLink } from '@/core/chat-link';
import { useCurrentUser } from '@/core/current-user';
import { showConfirmDialog } from '@/core/feedback-ui';
import { isApiError } from '@/core/http/client';
import { useIsLoggedIn } from '@/core/storage';
import { MessageBubble } from '@/ui/message-bubble';
import { RequireLogin } from '@/ui/require-login';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useChatMessages } from './api/chat-messages';
import { useSendChatMessage } from './api/chat-send';
import { useCloseSession } from './api/close-session';
import { useLeaveSession } from './api/leave-session';
import { useServiceSession } from './api/service-session';
import { useTakeSession } from './api/take-session';
import { sendServiceMessage, useLiveServiceChat, useMarkServiceRead } from './live-service-chat';
import { actionLabels, csMessages as m } from './messages';
import { RatingSheet } from './rating-sheet';
import { TransferSheet } from './transfer-sheet';
import './customer-service.css';

/** A send's own id, so that a retried send is stored once (chat's client_msg_id). */
const newClientMsgId = () => `cs-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function statusLine(session: ServiceSession): { title: string; hint: string } {
  const about = session.order ? `${m.askAbout}：${session.order.title}` : session.question || m.noQuestion;
  if (session.viewer === 'staff')
    return { title: `${session.user_nickname} · ${session.status_label}`, hint: about };
  if (session.status === 'queued')
    return { title: m.queued(session.queue_position ?? 1), hint: m.queuedHint };
  if (session.status === 'closed') return { title: m.closed, hint: about };
  return { title: m.servedBy(session.staff?.nickname ?? ''), hint: about };
}

function SessionActions({ session }: { session: ServiceSession }) {
  const take = useTakeSession();
  const close = useCloseSession();
  const leave = useLeaveSession();
  const [transferring, setTransferring] = useState(false);
  const busy = take.isPending || close.isPending || leave.isPending;
  const confirmThen = (content: string, run: () => void) =>
    void showConfirmDialog({ content, confirmText: '确定', cancelText: m.cancel }).then((ok) => {
      if (ok) run();
    });
  if (session.actions.length === 0) return null;
  return (
    <div className="cs-chat__actions">
      {session.actions.map((action) => (
        <Button
          key={action}
          size="small"
          color={action === 'take' ? 'primary' : 'default'}
          disabled={busy}
          onClick={() => {
            if (action === 'take') take.mutate(session.id);
            if (action === 'transfer') setTransferring(true);
            if (action === 'close') confirmThen(m.confirmClose, () => close.mutate(session.id));
            if (action === 'leave') confirmThen(m.confirmLeave, () => leave.mutate(session.id));
          }}
        >
          {actionLabels[action]}
        </Button>
      ))}
      {session.actions.includes('transfer') ? (
        <TransferSheet sessionId={session.id} open={transferring} onClose={() => setTransferring(false)} />
      ) : null}
    </div>
  );
}

function Messages({
  session,
  myId,
  link,
  socketUp,
}: {
  session: ServiceSession;
  myId: number;
  link: ChatLink | undefined;
  socketUp: boolean;
}) {
  const messages = useChatMessages(session.conversation_id, session.status !== 'closed', socketUp);
  const box = useRef<HTMLDivElement>(null);
  const count = messages.data?.list.length ?? 0;
  const member = session.viewer === 'user' || session.staff?.id === myId;
  useMarkServiceRead(link, socketUp, session.conversation_id, messages.data?.list.at(-1)?.seq ?? 0, member);
  useEffect(() => {
    // The newest message in view whenever one arrives.
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [count]);
  const senderName = (senderId: number | null) => {
    if (senderId !== null && senderId === session.staff?.id) return session.staff.nickname;
    return session.viewer === 'staff' ? session.user_nickname : '客服';
  };
  return (
    <div ref={box} className="cs-chat__messages" role="log" aria-label="聊天记录" data-testid="cs-messages">
      {messages.isError ? <p className="message-notice">{m.messagesFailed}</p> : null}
      {messages.isSuccess && count === 0 ? <p className="message-notice">{m.messagesEmpty}</p> : null}
      {messages.data?.list.map((message) => (
        <MessageBubble
          key={message.seq}
          message={message}
          mine={message.sender_id === myId}
          sender={senderName(message.sender_id)}
        />
      ))}
    </div>
  );
}

function Composer({ conversationId, link }: { conversationId: number; link: ChatLink | undefined }) {
  const [text, setText] = useState('');
  const [clientMsgId, setClientMsgId] = useState(newClientMsgId);
  const send = useSendChatMessage(conversationId, (request) => sendServiceMessage(link, request));
  const submit = () => {
    const value = text.trim();
    if (!value || send.isPending) return;
    send.mutate(
      { conversation_id: conversationId, client_msg_id: clientMsgId, content: { kind: 'text', text: value } },
      {
        onSuccess: () => {
          setText('');
          setClientMsgId(newClientMsgId());
        },
      },
    );
  };
  return (
    <div className="cs-chat__composer">
      <Input
        aria-label={m.composerPlaceholder}
        placeholder={m.composerPlaceholder}
        value={text}
        onChange={setText}
        onEnterPress={submit}
        maxLength={2000}
      />
      <Button color="primary" size="small" loading={send.isPending} disabled={!text.trim()} onClick={submit}>
        {m.send}
      </Button>
    </div>
  );
}

function ClosedFooter({ session }: { session: ServiceSession }) {
  const navigate = useNavigate();
  const [rating, setRating] = useState(false);
  if (session.viewer === 'staff') return <div className="cs-chat__closed">{m.closed}</div>;
  return (
    <div className="cs-chat__closed">
      {session.rating ? (
        <p data-testid="cs-my-rating">
          {m.myRating(session.rating.score)}
          {session.rating.reply ? ` · ${m.staffReply}${session.rating.reply}` : ''}
        </p>
      ) : null}
      {session.can_rate ? (
        <Button block color="primary" onClick={() => setRating(true)}>
          {m.rate}
        </Button>
      ) : null}
      <Button block fill="outline" onClick={() => void navigate('/customerService')}>
        {m.newConsult}
      </Button>
      {session.can_rate ? (
        <RatingSheet sessionId={session.id} open={rating} onClose={() => setRating(false)} />
      ) : null}
    </div>
  );
}

function ServiceChat({ id }: { id: number }) {
  const navigate = useNavigate();
  const link = useChatLink();
  const socketUp = useChatLinkConnected(link);
  const session = useServiceSession(id, socketUp);
  const me = useCurrentUser(useIsLoggedIn());
  useLiveServiceChat(link, session.data?.conversation_id ?? null, id);
  if (session.isPending || me.isPending) return <ScreenSkeleton />;
  if (session.isError || me.isError)
    return (
      <StatusScreen
        status={isApiError(session.error) ? 'empty' : 'disconnected'}
        title={isApiError(session.error) ? session.error.message : m.sessionFailed}
        description={m.chatMissingHint}
        actions={[
          { text: m.reload, onClick: () => void session.refetch() },
          { text: m.toHelpCentre, primary: true, onClick: () => void navigate('/customerService') },
        ]}
      />
    );
  const data = session.data;
  const line = statusLine(data);
  const canWrite =
    data.conversation_id !== null &&
    data.status !== 'closed' &&
    (data.viewer === 'user' || data.actions.includes('close'));
  return (
    <div className="cs-chat">
      <section className="cs-chat__status" aria-live="polite" data-testid="cs-status">
        <strong>{line.title}</strong>
        <span>{line.hint}</span>
        <SessionActions session={data} />
      </section>
      <Messages session={data} myId={me.data.id} link={link} socketUp={socketUp} />
      {canWrite && data.conversation_id !== null ? (
        <Composer conversationId={data.conversation_id} link={link} />
      ) : null}
      {data.status === 'closed' ? <ClosedFooter session={data} /> : null}
    </div>
  );
}

/** /customerServiceChat?id=: a service session — waiting in the queue, then the chat with staff. */
export default function ServiceChatScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id') ?? 0);
  return (
    <RequireLogin>
      {id > 0 ? (
        <ServiceChat id={id} />
      ) : (
        <StatusScreen
          status="empty"
          title={m.chatMissing}
          description={m.chatMissingHint}
          actions={[
            { text: m.toHelpCentre, primary: true, onClick: () => void navigate('/customerService') },
          ]}
        />
      )}
    </RequireLogin>
  );
}
