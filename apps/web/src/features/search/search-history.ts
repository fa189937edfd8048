/** Recent search words, newest first, in local storage (this device only). */
export const SEARCH_HISTORY_KEY = 'haoshi_search_history';
export const SEARCH_HISTORY_MAX = 15;
const WORD_MAX = 30;

export function readSearchHistory(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .slice(0, SEARCH_HISTORY_MAX);
  } catch {
    return [];
  }
}

function write(words: readonly string[]): void {
  try {
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(words));
  } catch {
    // Storage full or disabled: history is a convenience, searching still works.
  }
}

/** Puts the word first (moving it if it was there already) and keeps the newest 15. */
export function addSearchHistory(word: string): string[] {
  const trimmed = word.trim().slice(0, WORD_MAX);
  if (trimmed === '') return readSearchHistory();
  const next = [trimmed, ...readSearchHistory().filter((item) => item !== trimmed)].slice(
    0,
    SEARCH_HISTORY_MAX,
  );
  write(next);
  return next;
}

export function clearSearchHistory(): void {
  try {
    window.localStorage.removeItem(SEARCH_HISTORY_KEY);
  } catch {
    // Nothing to clear when storage is disabled.
  }
}
