import type { ReactNode } from 'react';

/** [start, end) offsets in UTF-16 code units, as the search answers them. */
export type TextMark = readonly [number, number];

/**
 * The text with its matched words wrapped in <mark>. Marks out of range, overlapping or in the
 * wrong order are clipped or skipped, so a bad answer never garbles the text.
 */
export function HighlightText({ text, marks }: { text: string; marks?: readonly TextMark[] }) {
  if (!marks || marks.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let cursor = 0;
  for (const [rawStart, rawEnd] of [...marks].sort((a, b) => a[0] - b[0])) {
    const start = Math.max(rawStart, cursor);
    const end = Math.min(rawEnd, text.length);
    if (end <= start) continue;
    if (start > cursor) parts.push(text.slice(cursor, start));
    parts.push(
      <mark key={start} className="highlight-mark">
        {text.slice(start, end)}
      </mark>,
    );
    cursor = end;
  }
  if (cursor < text.length) parts.push(text.slice(cursor));
  return <>{parts}</>;
}
