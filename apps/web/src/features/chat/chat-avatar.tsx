import { resizeImage } from '@/core/image';

/** A round picture, or the name's first character on a brand fill when there is none. */
export function ChatAvatar({ src, name, size = 48 }: { src: string; name: string; size?: number }) {
  const style = { width: `${size / 37.5}rem`, height: `${size / 37.5}rem` };
  if (src === '')
    return (
      <span className="chat-avatar chat-avatar--letter" style={style} aria-hidden="true">
        {name.slice(0, 1)}
      </span>
    );
  return (
    <img
      className="chat-avatar"
      style={style}
      src={resizeImage(src, 96, 96)}
      alt=""
      width={size}
      height={size}
    />
  );
}
