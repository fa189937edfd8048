import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ClientFrame, ServerFrame } from '@haoshi/contracts';
import { chatLinkLoader } from './chat-link-loader';

export { provideChatLink, type ChatLinkLoader } from './chat-link-loader';

/**
 * The tab's one chat socket as features other than chat use it (customer service: its conversations
 * are chat conversations). The chat feature owns the socket; the app hands a loader for it here
 * (`provideChatLink` in main.tsx), so a feature never imports another.
 */
export interface ChatLink {
  /** Connects (once per tab; a no-op when already started). */
  start(): void;
  /** The socket is up and authenticated now. */
  connected(): boolean;
  subscribeStatus: (listener: () => void) => () => void;
  /** Every frame the socket brings. */
  subscribeFrames: (listener: (frame: ServerFrame) => void) => () => void;
  /** Writes a frame; false when the socket is down (the caller uses HTTP instead). */
  sendFrame(frame: ClientFrame): boolean;
}

/** The chat socket, started; undefined until its code has loaded (or when none is provided). */
export function useChatLink(): ChatLink | undefined {
  const client = useQueryClient();
  const [link, setLink] = useState<ChatLink | undefined>(undefined);
  useEffect(() => {
    let mounted = true;
    chatLinkLoader()?.(client).then(
      (value) => {
        if (!mounted) return;
        value.start();
        setLink(value);
      },
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [client]);
  return link;
}

const noSubscription = () => () => undefined;

/** Whether the socket is up, re-rendering when that changes. */
export function useChatLinkConnected(link: ChatLink | undefined): boolean {
  return useSyncExternalStore(link ? link.subscribeStatus : noSubscription, () => link?.connected() ?? false);
}
