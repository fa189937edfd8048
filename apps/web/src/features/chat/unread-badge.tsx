import { useMsgHome } from './api/msg-home';
import { useChatSession } from './session/chat-connection';
import './chat.css';

/**
 * The 消息 tab's unread total. Loaded by the tab bar once a user is logged in; it also starts the
 * tab's chat socket, whose `unread` frames keep the total current on every screen.
 */
export default function UnreadBadge() {
  useChatSession();
  const totals = useMsgHome(true);
  const total = totals.data?.total ?? 0;
  if (total <= 0) return null;
  return (
    <span className="chat-tab-badge" data-testid="tab-unread" aria-label={`${total}条未读消息`}>
      {total > 99 ? '99+' : total}
    </span>
  );
}
