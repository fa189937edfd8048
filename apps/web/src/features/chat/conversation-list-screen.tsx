import { Skeleton } from 'antd-mobile';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Conversation, NoticeChannelSummary } from '@haoshi/contracts';
import { useCurrentUser } from '@/core/current-user';
import { useIsLoggedIn } from '@/core/storage';
import { StatusScreen } from '@/ui/status-screen';
import { useConversations } from './api/conversations';
import { ChatAvatar } from './chat-avatar';
import { listTime } from './chat-time';
import { ConnectionBanner } from './connection-banner';
import { previewOf } from './message-preview';
import { chatMessages as m } from './messages';
import { useOpenChat } from './open-chat';
import { useChatSession } from './session/chat-connection';
import './chat.css';

const channelPaths = { system: '/chatSystemInform', seller_helper: '/chatSellerHelper' } as const;
const channelMarks = { system: '系', seller_helper: '卖' } as const;

function UnreadCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="chat-badge" aria-label={m.unreadLabel(count)} data-testid="unread-count">
      {count > 99 ? '99+' : count}
    </span>
  );
}

function PinnedRow({ channel }: { channel: NoticeChannelSummary }) {
  const last = channel.last_notice;
  return (
    <li>
      <Link
        to={channelPaths[channel.channel]}
        className="chat-row chat-row--pinned"
        data-testid={`pinned-${channel.channel}`}
      >
        <span
          className={`chat-avatar chat-avatar--letter chat-avatar--${channel.channel}`}
          aria-hidden="true"
        >
          {channelMarks[channel.channel]}
        </span>
        <span className="chat-row__main">
          <span className="chat-row__top">
            <span className="chat-row__title">{channel.title}</span>
            {last ? <span className="chat-row__time">{listTime(last.created_at)}</span> : null}
          </span>
          <span className="chat-row__bottom">
            <span className="chat-row__preview">{last ? last.title : m.pinnedEmpty}</span>
            <UnreadCount count={channel.unread} />
          </span>
        </span>
      </Link>
    </li>
  );
}

function ConversationRow({
  conversation,
  ownId,
  onOpen,
}: {
  conversation: Conversation;
  ownId: number | undefined;
  onOpen: (conversation: Conversation) => void;
}) {
  const name = conversation.peer?.nickname ?? conversation.title;
  const last = conversation.last_message;
  return (
    <li>
      <button
        type="button"
        className="chat-row"
        onClick={() => onOpen(conversation)}
        data-testid="conversation-row"
        aria-label={`${name}${conversation.unread > 0 ? `，${m.unreadLabel(conversation.unread)}` : ''}`}
      >
        <ChatAvatar src={conversation.peer?.avatar ?? conversation.avatar} name={name} />
        <span className="chat-row__main">
          <span className="chat-row__top">
            <span className="chat-row__title">
              {name}
              {conversation.peer?.staff ? <span className="chat-tag">{m.staff}</span> : null}
              {conversation.type === 'group' ? <span className="chat-tag">{m.group}</span> : null}
            </span>
            <span className="chat-row__time">{listTime(last?.created_at ?? conversation.updated_at)}</span>
          </span>
          <span className="chat-row__bottom">
            <span className="chat-row__preview" data-testid="conversation-preview">
              {previewOf(last, ownId)}
            </span>
            <UnreadCount count={conversation.muted ? 0 : conversation.unread} />
          </span>
        </span>
      </button>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div className="chat-list-skeleton" role="status" aria-busy="true" aria-label="加载中">
      {[0, 1, 2, 3, 4].map((index) => (
        <div key={index} className="chat-list-skeleton__row">
          <Skeleton animated className="chat-list-skeleton__avatar" />
          <div className="chat-list-skeleton__lines">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={1} animated />
          </div>
        </div>
      ))}
    </div>
  );
}

/** /conversationList, the 消息 tab: system notices and the seller helper pinned, then conversations. */
export default function ConversationListScreen() {
  const session = useChatSession();
  const navigate = useNavigate();
  const openChat = useOpenChat();
  const loggedIn = useIsLoggedIn();
  const ownId = useCurrentUser(loggedIn).data?.id;
  const list = useConversations();
  const conversations = list.data?.pages.flatMap((page) => page.list) ?? [];

  // What the list shows has reached this phone: acknowledged, so a resume does not push it again.
  useEffect(() => {
    for (const conversation of conversations)
      if (conversation.last_message) session.ack(conversation.id, conversation.last_message.seq);
  });

  if (list.isPending) return <ListSkeleton />;
  if (list.isError) {
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailedTitle}
        description={m.loadFailedBody}
        actions={[{ text: m.retry, primary: true, onClick: () => void list.refetch() }]}
        testId="conversations-error"
      />
    );
  }
  const pinned = list.data.pages[0]?.pinned ?? [];
  return (
    <div className="chat-list-screen">
      <ConnectionBanner session={session} />
      <ul className="chat-list" aria-label={m.listLabel}>
        {pinned.map((channel) => (
          <PinnedRow key={channel.channel} channel={channel} />
        ))}
        {conversations.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            ownId={ownId}
            onOpen={openChat}
          />
        ))}
      </ul>
      {conversations.length === 0 ? (
        <StatusScreen
          status="empty"
          title={m.emptyTitle}
          description={m.emptyBody}
          actions={[{ text: m.goShopping, primary: true, onClick: () => void navigate('/productList') }]}
          testId="conversations-empty"
        />
      ) : list.hasNextPage ? (
        <button
          type="button"
          className="chat-more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? '加载中…' : '加载更多'}
        </button>
      ) : null}
    </div>
  );
}
