import { describe, expect, it } from 'vitest';
import {
  chinaDay,
  formatChinaDate,
  formatChinaDateTime,
  formatChinaDayLabel,
  formatChinaMonthDayTime,
  formatChinaTimeOfDay,
  groupByChinaDay,
} from './china-time';

describe('China time', () => {
  it('shows UTC instants in UTC+8, crossing midnight', () => {
    expect(formatChinaDateTime('2026-11-21T17:30:00.000Z')).toBe('2026-11-22 01:30');
    expect(formatChinaDate('2026-11-21T15:59:59.000Z')).toBe('2026-11-21');
    expect(formatChinaDate('2026-11-21T16:00:00.000Z')).toBe('2026-11-22');
  });

  it('has the shapes the screens use, and nothing for a bad instant', () => {
    const at = '2026-11-10T02:00:09.000Z';
    expect(formatChinaDateTime(at, { seconds: true })).toBe('2026-11-10 10:00:09');
    expect(formatChinaMonthDayTime(at)).toBe('11-10 10:00');
    expect(formatChinaTimeOfDay(at)).toBe('10:00');
    expect(formatChinaDateTime('not a time')).toBe('');
    expect(formatChinaDate('')).toBe('');
  });

  it('labels days in China time, not the phone’s: 今天, 昨天, this year and other years', () => {
    // 12:00 in Beijing on 21 November.
    const now = new Date('2026-11-21T04:00:00.000Z');
    expect(formatChinaDayLabel('2026-11-20T16:30:00.000Z', now)).toBe('今天'); // 00:30 on the 21st
    expect(formatChinaDayLabel('2026-11-20T15:30:00.000Z', now)).toBe('昨天'); // 23:30 on the 20th
    expect(formatChinaDayLabel('2026-11-02T01:00:00.000Z', now)).toBe('11月2日');
    expect(formatChinaDayLabel('2025-12-31T01:00:00.000Z', now)).toBe('2025年12月31日');
  });

  it('groups consecutive items of one China day', () => {
    const items = ['2026-11-21T01:00:00Z', '2026-11-20T17:00:00Z', '2026-11-20T15:00:00Z'].map((at) => ({
      at,
    }));
    const groups = groupByChinaDay(items, (item) => item.at);
    expect(groups.map((group) => [group.day, group.items.length])).toEqual([
      ['2026-11-21', 2],
      ['2026-11-20', 1],
    ]);
    expect(chinaDay(new Date('2026-11-20T16:00:00Z'))).toBe('2026-11-21');
  });
});
