import { useNavigate } from 'react-router';
import type { Conversation } from '@haoshi/contracts';
import { isNativeApp } from '@/core/channel';
import { bridge, isEmbedded, runNativeAction } from '@/core/native-bridge';

/**
 * Opens a conversation. Inside the apps the host's own chat opens (SPEC §3: to-chat for a private
 * conversation, the group_chat action for an order's group); inside the merchant console the console
 * opens it (the bridge posts the hand-off to the parent page); in a browser, /chat.
 */
export function useOpenChat(): (conversation: Conversation) => void {
  const navigate = useNavigate();
  return (conversation) => {
    const embedded = isEmbedded();
    if (isNativeApp() || embedded) {
      if (conversation.type === 'private' && conversation.peer) {
        bridge.toChat({
          target_id: conversation.peer.user_id,
          conversation_type: 'private',
          ...(conversation.goods_id === null ? {} : { goods_id: conversation.goods_id }),
        });
        return;
      }
      if (conversation.type === 'group') {
        if (embedded) bridge.toChat({ target_id: conversation.id, conversation_type: 'group' });
        else runNativeAction({ name: 'group_chat', params: { target_id: conversation.id } });
        return;
      }
    }
    void navigate(`/chat?conversation_id=${conversation.id}`);
  };
}
