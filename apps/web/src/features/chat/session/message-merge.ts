import type { InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, History } from '@haoshi/contracts';

export type HistoryData = InfiniteData<History, number | null>;

/**
 * The same message can arrive more than once (the socket's push, a resume after reconnect, an HTTP
 * catch-up, the answer to the sender's own send): a conversation's messages are keyed by seq. A later
 * copy replaces an earlier one (a recall), except that a recalled message never comes back.
 */
export function upsertMessage(list: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = list.findIndex((item) => item.seq === message.seq);
  if (index === -1) {
    const next = [...list, message];
    return next.sort((a, b) => a.seq - b.seq);
  }
  const current = list[index];
  if (current && current.recalled_at !== null && message.recalled_at === null) return [...list];
  const next = [...list];
  next[index] = message;
  return next;
}

const newestSeq = (page: History | undefined) => page?.list.at(-1)?.seq ?? 0;
const oldestSeq = (page: History | undefined) => page?.list[0]?.seq ?? 0;

/**
 * Puts a message into the cached history: into the page whose range holds its seq, the first
 * (latest) page when it is newer than everything held. A message older than every loaded page is
 * left for the page that will load it when the user scrolls up.
 */
export function insertIntoHistory(data: HistoryData, message: ChatMessage): HistoryData {
  const first = data.pages[0];
  if (!first) return data;
  let index = data.pages.findIndex(
    (page) => page.list.length > 0 && message.seq >= oldestSeq(page) && message.seq <= newestSeq(page),
  );
  if (index === -1 && (first.list.length === 0 || message.seq > newestSeq(first))) index = 0;
  if (index === -1) return data;
  return {
    ...data,
    pages: data.pages.map((page, at) =>
      at === index
        ? { ...page, list: upsertMessage(page.list, message), last_seq: Math.max(page.last_seq, message.seq) }
        : page,
    ),
  };
}

/** Every loaded message of a conversation, once each, oldest first. */
export function messagesOfHistory(pages: readonly History[]): ChatMessage[] {
  const bySeq = new Map<number, ChatMessage>();
  for (const page of pages) {
    for (const message of page.list) {
      const held = bySeq.get(message.seq);
      if (!held || held.recalled_at === null) bySeq.set(message.seq, message);
    }
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** The highest seq n such that every message from 1 … n is held (the resume point of a conversation). */
export function contiguousSeq(held: number, seqs: Iterable<number>): number {
  const present = new Set(seqs);
  let high = held;
  while (present.has(high + 1)) high += 1;
  return high;
}
