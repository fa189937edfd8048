import { legalVariants } from '@haoshi/contracts';
import { describe, expect, it } from 'vitest';
import { chineseNumeral } from './documents/numbering';
import { ref } from './documents/ref';
import { formatRate, formatYuan } from '@/core/amount';
import { legalRoutes } from './legal-routes';

describe('legalRoutes', () => {
  it('covers the 15 information pages and 2 pages per brand variant, each once', () => {
    expect(legalRoutes).toHaveLength(15 + 2 * legalVariants.length);
    expect(new Set(legalRoutes.map((route) => route.path)).size).toBe(legalRoutes.length);
    expect(legalRoutes.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/privacy', '/personalNorm', '/thhPrivacy', '/mhbIServiceAgreement']),
    );
  });

  it('keeps only the rental tutorial alive (SPEC §2 K)', () => {
    expect(legalRoutes.filter((route) => route.keepAlive).map((route) => route.path)).toEqual([
      '/rentCourse',
    ]);
  });

  it('writes links with the target page’s title', () => {
    expect(ref('/serviceFee')).toBe('[《服务费说明》](/serviceFee)');
    expect(ref('/zthhPrivacy')).toBe('[《淘号玩隐私政策》](/zthhPrivacy)');
  });
});

describe('formatting', () => {
  it.each([
    [500, '5%'],
    [60, '0.6%'],
    [1_000, '10%'],
    [5, '0.05%'],
    [250, '2.5%'],
  ])('formats %i bp as %s', (bp, text) => expect(formatRate(bp)).toBe(text));

  it('formats fen as yuan', () => {
    expect(formatYuan(500)).toBe('5.00元');
    expect(formatYuan(200_000)).toBe('2000.00元');
  });

  it.each([
    [1, '一'],
    [10, '十'],
    [12, '十二'],
    [20, '二十'],
    [21, '二十一'],
  ])('numbers section %i as %s', (n, text) => expect(chineseNumeral(n)).toBe(text));
});
