import type { ChatLinkLoader } from '@/core/chat-link-loader';

/** The chat socket for other features, loaded with the chat's code when a screen first asks. */
export const loadChatLink: ChatLinkLoader = (client) =>
  import('@/features/chat/session/chat-link').then((module) => module.chatLinkFor(client));
