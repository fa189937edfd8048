import { describe, expect, it } from 'vitest';
import { formatChinaDate, formatChinaDateTime } from './china-time';

describe('China time', () => {
  it('shows UTC instants in UTC+8, crossing midnight', () => {
    expect(formatChinaDateTime('2026-11-21T17:30:00.000Z')).toBe('2026-11-22 01:30');
    expect(formatChinaDate('2026-11-21T15:59:59.000Z')).toBe('2026-11-21');
    expect(formatChinaDate('2026-11-21T16:00:00.000Z')).toBe('2026-11-22');
  });
});
