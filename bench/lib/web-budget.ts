import { gzipSync } from 'node:zlib';

/** The first visit to `/` downloads at most this much JS, gzip level 9 (docs/benchmarks.md). */
export const FIRST_VISIT_JS_BUDGET_KB = 170;

export const gzipBytes = (buffer: Buffer): number => gzipSync(buffer, { level: 9 }).length;
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export function budgetVerdict(jsBytes: number): string {
  return `budget ${FIRST_VISIT_JS_BUDGET_KB} KB: ${jsBytes <= FIRST_VISIT_JS_BUDGET_KB * 1024 ? 'within' : 'OVER'}`;
}
