import type { HighlightRange } from '@haoshi/contracts';

/**
 * Chinese text has no spaces. The searched column holds each run of CJK characters as overlapping
 * two-character words plus its last character (王者荣耀 → "王者 者荣 荣耀 耀"), and Latin letters and
 * digits as plain words; `search_tokens` is the same words as an array with a GIN index. A query
 * asks the array for the bigrams of its CJK runs (王者 → {王者}) and uses LIKE patterns bounded by
 * spaces, which always yield trigrams for the pg_trgm index, for the rest: 耀 → '% 耀%',
 * v10 → '% v10%', and the word order of longer runs: 者荣耀 → '% 者荣 荣耀 %'.
 */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const runPattern = new RegExp(`[${CJK}]+|(?:(?![${CJK}])[\\p{L}\\p{N}])+`, 'gu');
const cjkPattern = new RegExp(`^[${CJK}]`, 'u');

export const normalise = (text: string) => text.normalize('NFKC').toLowerCase();

/** The runs of a text: CJK runs and Latin/digit runs, lower-cased, in order. */
export function tokenize(text: string): string[] {
  return normalise(text).match(runPattern) ?? [];
}

const isCjk = (run: string) => cjkPattern.test(run);

const bigrams = (run: string) => {
  const chars = Array.from(run);
  return chars.slice(0, -1).map((char, index) => char + chars[index + 1]);
};

/** The stored form: every word surrounded by single spaces. */
export function searchTextOf(parts: readonly string[]): string {
  const words = parts.flatMap(tokenize).flatMap((run) => {
    if (!isCjk(run)) return [run];
    const chars = Array.from(run);
    return [...bigrams(run), chars[chars.length - 1] ?? ''];
  });
  return ` ${words.join(' ')} `;
}

export interface KeywordQuery {
  /** The runs typed, for highlighting. */
  runs: string[];
  /** Words the listing's `search_tokens` must all contain: the bigrams of the CJK runs. */
  tokens: string[];
  /** LIKE patterns on `search_text`, all must match: single characters, Latin prefixes, word order. */
  patterns: string[];
}

export const MAX_KEYWORD_RUNS = 6;

/**
 * A CJK run of two or more characters is matched through the token index (exact bigrams); from
 * three characters a LIKE also checks that its bigrams are adjacent. A single character and a
 * Latin/digit run (a prefix: v1 finds v10) are matched by LIKE through the trigram index.
 */
export function keywordQuery(runs: readonly string[]): KeywordQuery {
  const tokens: string[] = [];
  const patterns: string[] = [];
  for (const run of runs) {
    const length = Array.from(run).length;
    if (!isCjk(run) || length === 1) {
      patterns.push(`% ${run}%`);
      continue;
    }
    tokens.push(...bigrams(run));
    if (length > 2) patterns.push(`% ${bigrams(run).join(' ')} %`);
  }
  return { runs: [...runs], tokens: [...new Set(tokens)].sort(), patterns };
}

/** The distinct runs of a keyword, at most MAX_KEYWORD_RUNS. */
export const keywordRuns = (keyword: string) => [...new Set(tokenize(keyword))].slice(0, MAX_KEYWORD_RUNS);

/** Where the runs occur in a text, merged and in order (UTF-16 offsets of the original text). */
export function highlightRanges(text: string, runs: readonly string[]): HighlightRange[] {
  const lowered = normalise(text);
  // NFKC can change lengths (rare ligatures); offsets then come from a plain lower-casing.
  const haystack = lowered.length === text.length ? lowered : text.toLowerCase();
  const ranges: HighlightRange[] = [];
  for (const run of runs) {
    for (let from = haystack.indexOf(run); from !== -1; from = haystack.indexOf(run, from + run.length)) {
      ranges.push([from, from + run.length]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: HighlightRange[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

/** A window of the text around the first match, with the matches inside it. */
export function snippetOf(
  text: string,
  runs: readonly string[],
  width = 60,
): { snippet: string; marks: HighlightRange[] } {
  const flat = text.replace(/\s+/g, ' ');
  const marks = highlightRanges(flat, runs);
  const first = marks[0];
  if (!first) return { snippet: '', marks: [] };
  const start = Math.max(0, first[0] - 15);
  const end = Math.min(flat.length, start + width);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < flat.length ? '…' : '';
  const shift = prefix.length - start;
  return {
    snippet: `${prefix}${flat.slice(start, end)}${suffix}`,
    marks: marks
      .filter(([s, e]) => s >= start && e <= end)
      .map(([s, e]) => [s + shift, e + shift] as HighlightRange),
  };
}
