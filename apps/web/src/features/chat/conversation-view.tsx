import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ChatMessage, Conversation } from '@haoshi/contracts';
import { useCurrentUser } from '@/core/current-user';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { isApiError } from '@/core/http/client';
import { useIsLoggedIn } from '@/core/storage';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useBlockUser } from './api/block-user';
import { useConversation } from './api/conversation';
import { useMessages } from './api/messages';
import { useRecallMessage } from './api/recall-message';
import { useReportChat } from './api/report-chat';
import { ConversationMenu, MessageActions, ReportReasons } from './chat-menus';
import { Composer } from './composer';
import { ConnectionBanner } from './connection-banner';
import { MessageList } from './message-list';
import { chatMessages as m } from './messages';
import { useConversationLive } from './session/chat-connection';
import type { ChatSession } from './session/chat-session';
import { messagesOfHistory } from './session/message-merge';

function ownerCheck(conversation: Conversation, ownId: number | undefined) {
  return (message: ChatMessage) => {
    if (message.sender_id === null) return false;
    if (ownId !== undefined) return message.sender_id === ownId;
    return conversation.peer !== null && message.sender_id !== conversation.peer.user_id;
  };
}

/** 交易猫-style warning: the other side wrote something that looks like an off-platform deal. */
function FraudBanner({
  conversationId,
  isOwn,
}: {
  conversationId: number;
  isOwn: (message: ChatMessage) => boolean;
}) {
  const history = useMessages(conversationId);
  const flagged = messagesOfHistory(history.data?.pages ?? []).some(
    (message) => message.flagged && message.sender_id !== null && !isOwn(message),
  );
  if (!flagged) return null;
  return (
    <p className="chat-fraud" role="alert" data-testid="chat-fraud-warning">
      {m.fraudWarning}
    </p>
  );
}

function Header({
  conversation,
  typing,
  onMore,
}: {
  conversation: Conversation;
  typing: boolean;
  onMore: () => void;
}) {
  const name = conversation.peer?.nickname ?? conversation.title;
  return (
    <div className="chat-header">
      <div className="chat-header__title">
        <h2 className="chat-header__name" data-testid="chat-peer">
          {name}
          {conversation.peer?.staff ? <span className="chat-tag">{m.staff}</span> : null}
        </h2>
        {typing ? (
          <p className="chat-header__typing" role="status" data-testid="chat-typing">
            {m.peerTyping}
          </p>
        ) : null}
      </div>
      <button type="button" className="chat-header__more" aria-label={m.more} onClick={onMore}>
        ···
      </button>
    </div>
  );
}

function Loaded({ conversation, session }: { conversation: Conversation; session: ChatSession }) {
  const loggedIn = useIsLoggedIn();
  const ownId = useCurrentUser(loggedIn).data?.id;
  const isOwn = ownerCheck(conversation, ownId);
  const [menu, setMenu] = useState(false);
  const [reasons, setReasons] = useState(false);
  const [selected, setSelected] = useState<ChatMessage | undefined>(undefined);
  const [blocked, setBlocked] = useState(conversation.blocked);
  const recall = useRecallMessage((result) => session.ingest(result.message));
  const report = useReportChat(() => showToast(m.reported));
  const block = useBlockUser((now) => {
    setBlocked(now);
    showToast(now ? m.blocked : m.unblocked);
  });
  const peerId = conversation.peer?.user_id;
  const live = useConversationLive(session, conversation.id);
  const peerTyping = peerId !== undefined && live.typing.includes(peerId);
  const peerReadSeq =
    conversation.type === 'private' && peerId !== undefined
      ? Math.max(conversation.peer_read_seq ?? 0, live.reads.get(peerId) ?? 0)
      : undefined;

  const toggleBlock = async () => {
    if (peerId === undefined) return;
    if (!blocked && !(await confirm({ title: m.blockConfirmTitle, content: m.blockConfirmBody }))) return;
    block.mutate({ user_id: peerId, block: !blocked });
  };

  const copy = (text: string) => {
    void navigator.clipboard
      .writeText(text)
      .then(() => showToast(m.copied))
      .catch(() => undefined);
  };

  return (
    <div className="chat-screen">
      <Header conversation={conversation} typing={peerTyping} onMore={() => setMenu(true)} />
      <ConnectionBanner session={session} />
      <FraudBanner conversationId={conversation.id} isOwn={isOwn} />
      <MessageList
        conversationId={conversation.id}
        session={session}
        isOwn={isOwn}
        onActions={setSelected}
        peerReadSeq={peerReadSeq}
      />
      {blocked ? (
        <div className="chat-blocked">
          <span>{m.blockedBar}</span>
          <button type="button" className="chat-blocked__undo" onClick={() => void toggleBlock()}>
            {m.unblock}
          </button>
        </div>
      ) : (
        <Composer
          disabled={conversation.status === 'closed'}
          onSend={(text) => session.send(conversation.id, { kind: 'text', text })}
          onImage={(file) => session.sendImage(conversation.id, file)}
          onTyping={() => session.typing(conversation.id)}
        />
      )}
      <ConversationMenu
        visible={menu}
        blocked={blocked}
        canBlock={conversation.type === 'private' && peerId !== undefined}
        onClose={() => setMenu(false)}
        onReport={() => setReasons(true)}
        onBlock={() => void toggleBlock()}
      />
      <ReportReasons
        visible={reasons}
        onClose={() => setReasons(false)}
        onPick={(reason) => report.mutate({ conversation_id: conversation.id, reason, detail: '' })}
      />
      <MessageActions
        message={selected}
        own={selected ? isOwn(selected) : false}
        onClose={() => setSelected(undefined)}
        onCopy={copy}
        onRecall={(message) => recall.mutate({ conversation_id: message.conversation_id, seq: message.seq })}
      />
    </div>
  );
}

/** One conversation: its header and menu, the warnings, the messages and the composer. */
export function ConversationView({
  conversationId,
  session,
}: {
  conversationId: number;
  session: ChatSession;
}) {
  const navigate = useNavigate();
  const conversation = useConversation(conversationId);
  if (conversation.isPending) return <ScreenSkeleton />;
  if (conversation.isError) {
    const missing = isApiError(conversation.error);
    return (
      <StatusScreen
        status={missing ? 'empty' : 'disconnected'}
        title={missing ? m.noConversationTitle : m.loadFailedTitle}
        description={missing ? m.noConversationBody : m.loadFailedBody}
        actions={
          missing
            ? [{ text: m.backToList, primary: true, onClick: () => void navigate('/conversationList') }]
            : [{ text: m.retry, primary: true, onClick: () => void conversation.refetch() }]
        }
        testId="conversation-error"
      />
    );
  }
  return <Loaded conversation={conversation.data.conversation} session={session} />;
}
