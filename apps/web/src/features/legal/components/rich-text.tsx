import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** `[label](/path)`: how documents write a link to another page (see documents/ref). */
const LINK_PATTERN = /\[([^\]]+)\]\((\/[A-Za-z]+)\)/g;

/** Document text with its `[label](/path)` links rendered as router links. */
export function RichText({ text }: { text: string }) {
  const nodes: ReactNode[] = [];
  let plainFrom = 0;
  // replace() is used only to walk the matches with typed capture groups; its result is discarded.
  text.replace(LINK_PATTERN, (whole: string, label: string, to: string, offset: number) => {
    nodes.push(
      text.slice(plainFrom, offset),
      <Link key={offset} to={to} className="legal-doc__link">
        {label}
      </Link>,
    );
    plainFrom = offset + whole.length;
    return whole;
  });
  nodes.push(text.slice(plainFrom));
  return <>{nodes}</>;
}
