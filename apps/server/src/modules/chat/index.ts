/**
 * The chat module's public API: the plugin (socket, calls, bus), system notices for other modules
 * (written to the notifications inbox in the caller's transaction), and through `app.chat` the
 * conversation operations other modules need — `openServiceConversation`, `addMember`,
 * `removeMember`, `setStatus`, `postConversationNotice` (customer service), `openOrderGroup` (orders).
 */
export { chatPlugin } from './chat-plugin.ts';
export {
  postSystemNotice,
  postSystemNotices,
  type ChatService,
  type OrderCardLookup,
  type SystemNoticeInput,
} from './chat-service.ts';
export { createChatPublisher, createLocalChatBus, sessionsEndedEvent, type ChatBus } from './chat-bus.ts';
export { eraseChatContent } from './account-erasure.ts';
