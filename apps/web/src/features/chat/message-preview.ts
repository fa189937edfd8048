import type { ChatMessage } from '@haoshi/contracts';
import { chatMessages as m } from './messages';

/** One line for a message in the 消息 list. */
export function previewOf(message: ChatMessage | null, ownId: number | undefined): string {
  if (!message) return m.preview.none;
  const { content } = message;
  switch (content.kind) {
    case 'text':
      return content.text;
    case 'image':
      return m.preview.image;
    case 'goods':
      return m.preview.goods(content.card.title);
    case 'order':
      return m.preview.order(content.card.title);
    case 'notice':
      return content.text;
    case 'recalled':
      if (ownId === undefined || message.sender_id === null) return m.preview.recalled;
      return message.sender_id === ownId ? m.preview.recalledByMe : m.preview.recalledByPeer;
  }
}
