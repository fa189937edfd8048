import type { QueryClient } from '@tanstack/react-query';
import type { ChatLink } from '@/core/chat-link';
import { chatSessionFor } from './chat-connection';

const links = new WeakMap<QueryClient, ChatLink>();

/** The tab's chat session as the core chat link (for customer service's screens). */
export function chatLinkFor(client: QueryClient): ChatLink {
  const known = links.get(client);
  if (known) return known;
  const session = chatSessionFor(client);
  const link: ChatLink = {
    start: () => session.start(),
    connected: () => session.status === 'online',
    subscribeStatus: session.subscribeStatus,
    subscribeFrames: session.subscribeFrames,
    sendFrame: (frame) => session.sendFrame(frame),
  };
  links.set(client, link);
  return link;
}
