import { chatMessages as m } from './messages';
import { useSocketStatus } from './session/chat-connection';
import type { ChatSession } from './session/chat-session';

/** Says so when the socket is down (messages then go over HTTP and arrive when it is back). */
export function ConnectionBanner({ session }: { session: ChatSession }) {
  const status = useSocketStatus(session);
  if (status !== 'offline') return null;
  return (
    <p className="chat-connection" role="status" data-testid="chat-offline">
      {m.reconnecting}
    </p>
  );
}
