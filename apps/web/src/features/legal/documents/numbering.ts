import type { LegalSection } from '../legal-document';

const DIGITS = '零一二三四五六七八九';

/** 1 → 一, 10 → 十, 12 → 十二, 21 → 二十一 (1–99). */
export function chineseNumeral(n: number): string {
  if (n < 10) return DIGITS.charAt(n);
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${tens === 1 ? '' : DIGITS.charAt(tens)}十${ones === 0 ? '' : DIGITS.charAt(ones)}`;
}

/** Prefixes each heading with 一、二、… so brand-specific sections can be inserted anywhere. */
export function numbered(sections: LegalSection[]): LegalSection[] {
  return sections.map((section, index) => ({
    ...section,
    heading: `${chineseNumeral(index + 1)}、${section.heading}`,
  }));
}
