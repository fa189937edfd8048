import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { LOGIN_REQUIRED_MESSAGE } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { startLoginFlow } from '@/core/login-flow';
import { useIsLoggedIn } from '@/core/storage';
import { fetchImConnect } from '../api/im-connect';
import { fetchMessages } from '../api/messages';
import { readConversation } from '../api/read-conversation';
import { sendMessage } from '../api/send-message';
import { uploadChatImage } from '../api/upload-chat-image';
import type { SocketStatus } from './chat-socket';
import { ChatSession } from './chat-session';
import type { ConversationLive } from './live-state';
import type { PendingMessage } from './outbox';

let session: ChatSession | undefined;
let sessionClient: QueryClient | undefined;

function pageOrigin(): string {
  return `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}`;
}

function schedule(work: () => void, ms: number): () => void {
  const timer = window.setTimeout(work, ms);
  return () => window.clearTimeout(timer);
}

/** The tab's one chat session, bound to the app's query cache (a new cache gets a new session). */
export function chatSessionFor(client: QueryClient): ChatSession {
  if (session && sessionClient === client) return session;
  session?.stop();
  sessionClient = client;
  const created = new ChatSession(client, {
    connectInfo: fetchImConnect,
    createSocket: (url) => new WebSocket(url),
    schedule,
    origin: pageOrigin,
    sendOverHttp: sendMessage,
    readOverHttp: readConversation,
    fetchAfter: (conversationId, afterSeq, limit) =>
      fetchMessages(conversationId, { after_seq: afterSeq }, limit),
    uploadImage: uploadChatImage,
    previewOf: (file) => URL.createObjectURL(file),
    // As for a call answered 400/401/402 (SPEC §8): the token is dropped and the login opens.
    onSessionEnded: () => {
      showToast(LOGIN_REQUIRED_MESSAGE);
      startLoginFlow();
    },
  });
  window.addEventListener('online', () => created.reconnectNow());
  window.addEventListener('offline', () => created.goOffline());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') created.reconnectNow();
  });
  session = created;
  return created;
}

/** The session, connected while the user is logged in (one socket per tab, whatever mounts it). */
export function useChatSession(): ChatSession {
  const client = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const current = chatSessionFor(client);
  useEffect(() => {
    if (loggedIn) current.start();
    else current.stop();
  }, [current, loggedIn]);
  return current;
}

export function useSocketStatus(current: ChatSession): SocketStatus {
  return useSyncExternalStore(current.subscribeStatus, () => current.status);
}

export function usePendingMessages(current: ChatSession, conversationId: number): readonly PendingMessage[] {
  return useSyncExternalStore(current.outbox.subscribe, () => current.outbox.of(conversationId));
}

/** Typing and read marks of the other members of a conversation, as frames bring them. */
export function useConversationLive(current: ChatSession, conversationId: number): ConversationLive {
  return useSyncExternalStore(current.live.subscribe, () => current.live.of(conversationId));
}
