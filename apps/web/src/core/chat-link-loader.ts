import type { QueryClient } from '@tanstack/react-query';
import type { ChatLink } from './chat-link';

/** Loads the tab's chat socket (the chat feature's session) for other features; given by main.tsx. */
export type ChatLinkLoader = (client: QueryClient) => Promise<ChatLink>;

let loader: ChatLinkLoader | undefined;

/** Kept apart from the hooks (chat-link.ts), so the first visit carries only this. */
export function provideChatLink(value: ChatLinkLoader | undefined): void {
  loader = value;
}

export function chatLinkLoader(): ChatLinkLoader | undefined {
  return loader;
}
