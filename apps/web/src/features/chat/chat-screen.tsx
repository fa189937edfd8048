import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useOpenPrivate } from './api/open-private';
import { ConversationView } from './conversation-view';
import { chatMessages as m } from './messages';
import { useChatSession } from './session/chat-connection';
import type { ChatSession } from './session/chat-session';
import './chat.css';

function positiveId(value: string | null): number | undefined {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/**
 * /chat?target_id=<user>[&goods_id=…|&order_id=…] (聊一聊 on a listing, 联系卖家 on an order): opens
 * the private conversation with that user, sends the listing's or order's card, and shows it as
 * /chat?conversation_id=… (replacing the address, so 返回 leaves the chat).
 */
function OpenPrivate({
  session,
  userId,
  goodsId,
  orderId,
}: {
  session: ChatSession;
  userId: number;
  goodsId: number | undefined;
  orderId: number | undefined;
}) {
  const navigate = useNavigate();
  const open = useOpenPrivate();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    open.mutate(
      {
        user_id: userId,
        ...(goodsId ? { goods_id: goodsId } : {}),
        ...(orderId ? { order_id: orderId } : {}),
      },
      {
        onSuccess: ({ conversation }) => {
          if (goodsId) session.send(conversation.id, { kind: 'goods', goods_id: goodsId });
          if (orderId) session.send(conversation.id, { kind: 'order', order_id: orderId });
          void navigate(`/chat?conversation_id=${conversation.id}`, { replace: true });
        },
      },
    );
  }, [open, session, navigate, userId, goodsId, orderId]);
  if (open.isError) {
    return (
      <StatusScreen
        status="default"
        title={m.openFailedTitle}
        description={open.error.message}
        actions={[{ text: m.backToList, primary: true, onClick: () => void navigate('/conversationList') }]}
        testId="chat-open-error"
      />
    );
  }
  return <ScreenSkeleton />;
}

/** /chat: a conversation by id, or the private one with a user (opened first). */
export default function ChatScreen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const session = useChatSession();
  const conversationId = positiveId(search.get('conversation_id'));
  const userId = positiveId(search.get('target_id'));
  if (conversationId !== undefined)
    return <ConversationView key={conversationId} conversationId={conversationId} session={session} />;
  if (userId !== undefined) {
    const goodsId = positiveId(search.get('goods_id'));
    const orderId = positiveId(search.get('order_id'));
    return (
      <OpenPrivate
        key={search.toString()}
        session={session}
        userId={userId}
        goodsId={goodsId}
        orderId={orderId}
      />
    );
  }
  return (
    <StatusScreen
      status="empty"
      title={m.noConversationTitle}
      description={m.noConversationBody}
      actions={[{ text: m.backToList, primary: true, onClick: () => void navigate('/conversationList') }]}
      testId="conversation-error"
    />
  );
}
