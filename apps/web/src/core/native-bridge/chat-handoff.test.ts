import { describe, expect, it, vi } from 'vitest';
import { CHAT_HANDOFF_TYPE, isEmbedded, postChatHandoff } from './chat-handoff';

function embeddedWindow() {
  const parent = { postMessage: vi.fn() };
  const win = { parent, location: { origin: 'https://m.example.com' } } as unknown as Window;
  return { win, parent };
}

describe('postChatHandoff', () => {
  it('posts to the parent page with this page’s origin as target', () => {
    const { win, parent } = embeddedWindow();
    expect(isEmbedded(win)).toBe(true);
    expect(postChatHandoff({ target_id: 12, conversation_type: 'private' }, win)).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'haoshi:to-chat', target_id: 12, conversation_type: 'private' },
      'https://m.example.com',
    );
  });

  it('keeps its message type even when the payload has a type', () => {
    const { win, parent } = embeddedWindow();
    postChatHandoff({ type: 'group' }, win);
    expect(parent.postMessage).toHaveBeenCalledWith({ type: CHAT_HANDOFF_TYPE }, 'https://m.example.com');
  });

  it('does nothing when the page is not embedded', () => {
    const postMessage = vi.spyOn(window, 'postMessage');
    expect(isEmbedded()).toBe(false);
    expect(postChatHandoff({ target_id: 1 })).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
    postMessage.mockRestore();
  });
});
