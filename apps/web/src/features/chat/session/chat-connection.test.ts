import { QueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, chatCloseCodes, LOGIN_REQUIRED_MESSAGE, type ServerFrame } from '@haoshi/contracts';
import { setupFakeApi } from '@/core/http/fake-api.test-support';
import { setNavigator } from '@/core/navigation';
import { getAuthorization, setAuthorization } from '@/core/storage';
import { chatSessionFor } from './chat-connection';

/** The browser's WebSocket as the session drives it; every one made is kept. */
class FakeWebSocket {
  static made: FakeWebSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.made.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  push(frame: ServerFrame) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

const fake = setupFakeApi();
const navigate = vi.fn();
let unregister: () => void;

beforeEach(() => {
  FakeWebSocket.made = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(Toast, 'show').mockReturnValue({ close: vi.fn() });
  unregister = setNavigator(navigate);
  window.history.replaceState(null, '', '/chat?conversation_id=7');
  setAuthorization('token-1');
  fake.on(apiPaths.userIm, () => ({
    user_id: 1,
    ws_path: '/app/chat/ws',
    token: 'token-1',
    heartbeat_seconds: 25,
    recall_seconds: 120,
    max_frame_bytes: 16384,
  }));
});

afterEach(() => {
  unregister();
  navigate.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the tab’s chat connection', () => {
  it('sends the user to log in, once, when the server ends the socket’s session (4401)', async () => {
    const session = chatSessionFor(new QueryClient());
    session.start();
    await vi.waitFor(() => expect(FakeWebSocket.made).toHaveLength(1));
    const socket = FakeWebSocket.made[0] as FakeWebSocket;
    socket.readyState = 1;
    socket.onopen?.(new Event('open'));
    socket.push({ type: 'ready', user_id: 1, server_time: new Date().toISOString(), heads: [] });
    expect(session.status).toBe('online');

    socket.push({ type: 'error', err_code: 401, message: '登录已失效，请重新登录' });
    socket.readyState = 3;
    socket.onclose?.(new CloseEvent('close', { code: chatCloseCodes.unauthorized }));

    expect(session.status).toBe('idle');
    expect(getAuthorization()).toBe('');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/h5Login?redirect=%2Fchat%3Fconversation_id%3D7', undefined);
    await vi.waitFor(() => expect(vi.mocked(Toast.show).mock.calls).toEqual([[LOGIN_REQUIRED_MESSAGE]]));
    expect(FakeWebSocket.made).toHaveLength(1);
  });
});
