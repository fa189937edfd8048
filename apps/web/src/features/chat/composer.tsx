import { useRef, useState, type KeyboardEvent } from 'react';
import { uploadContentTypes } from '@haoshi/contracts';
import { chatMessages as m } from './messages';

/**
 * The text field with 发送 and the picture button. Pressing 发送 does not take the focus from the
 * field (its mousedown is cancelled and the field is focused again), so the phone's keyboard stays up
 * between messages. Enter sends; Shift+Enter or an input method's composition does not.
 */
export function Composer({
  onSend,
  onImage,
  onTyping,
  disabled,
}: {
  onSend: (text: string) => void;
  onImage: (file: File) => void;
  /** Called on every edit that leaves text in the field (the session throttles what it sends). */
  onTyping?: () => void;
  disabled: boolean;
}) {
  const [text, setText] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const canSend = text.trim() !== '' && !disabled;

  const submit = () => {
    if (!canSend) return;
    onSend(text.trim());
    setText('');
    field.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="chat-composer">
      <button
        type="button"
        className="chat-composer__image"
        aria-label={m.sendImage}
        disabled={disabled}
        onClick={() => picker.current?.click()}
      >
        <svg
          viewBox="0 0 24 24"
          width="1em"
          height="1em"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="1.6" />
          <path d="m21 16-5-5-8 8" />
        </svg>
      </button>
      <input
        ref={picker}
        type="file"
        accept={uploadContentTypes.join(',')}
        hidden
        data-testid="chat-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onImage(file);
          event.target.value = '';
        }}
      />
      <textarea
        ref={field}
        className="chat-composer__input"
        aria-label={m.inputLabel}
        placeholder={m.inputPlaceholder}
        rows={1}
        maxLength={2000}
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim() !== '') onTyping?.();
        }}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="chat-composer__send"
        disabled={!canSend}
        onMouseDown={(event) => event.preventDefault()}
        onClick={submit}
      >
        {m.send}
      </button>
    </div>
  );
}
