import {
  attributeDisplay,
  goodsTagLabels,
  platformLabels,
  REBIND_BINDING_KEY,
  type AttributeValues,
  type CompensationOptionCode,
  type GoodsTag,
  type Platform,
} from '@haoshi/contracts';
import type { CatalogueGameEntry } from '../catalogue/index.ts';
import { searchTextOf } from './search-text.ts';

/** What a listing's own fields imply, recomputed on every write so lists never compute it. */
export interface ListingSource {
  title: string;
  description: string;
  platform: Platform;
  partitionName: string;
  attrs: AttributeValues;
  bindings: AttributeValues;
  guarantees: readonly CompensationOptionCode[];
  bargain: boolean;
  urgent: boolean;
  verified: boolean;
}

export interface DerivedFields {
  tags: GoodsTag[];
  highlights: string[];
  searchText: string;
}

export function tagsOf(
  source: Pick<ListingSource, 'bindings' | 'guarantees' | 'bargain' | 'urgent' | 'verified'>,
): GoodsTag[] {
  const tags: GoodsTag[] = [];
  if (source.bargain) tags.push('bargain');
  if (source.urgent) tags.push('urgent');
  if (source.guarantees.length > 0) tags.push('guarantee');
  if (source.bindings[REBIND_BINDING_KEY] === true) tags.push('rebind');
  if (source.verified) tags.push('official_shots');
  return tags;
}

export function deriveFields(source: ListingSource, entry: CatalogueGameEntry): DerivedFields {
  const tags = tagsOf(source);
  const highlights: string[] = [];
  const searchable: string[] = [
    entry.game.name,
    source.partitionName,
    platformLabels[source.platform],
    source.title,
    source.description,
  ];
  for (const field of entry.schema.fields) {
    const value = source.attrs[field.key];
    if (value === undefined) continue;
    const display = attributeDisplay(field, value);
    if (field.type === 'enum' || field.type === 'multi' || field.type === 'text') searchable.push(display);
    if (field.highlight && highlights.length < 3)
      highlights.push(field.type === 'int' ? `${field.label}${display}` : display);
  }
  searchable.push(...tags.map((tag) => goodsTagLabels[tag]));
  return { tags, highlights, searchText: searchTextOf(searchable) };
}

const HOUR_MS = 3_600_000;
const boosts: Partial<Record<GoodsTag, number>> = {
  official_shots: 48,
  guarantee: 24,
  rebind: 12,
  urgent: 6,
};

/**
 * 综合 (default) order: newer first, with trust signals worth hours of freshness. It depends only on
 * the listing, so pages do not move when others are viewed.
 */
export function rankScoreOf(listedAt: Date, tags: readonly GoodsTag[]): number {
  return Math.floor(listedAt.getTime() / HOUR_MS) + tags.reduce((sum, tag) => sum + (boosts[tag] ?? 0), 0);
}

export const HEAT_PER_FAVOURITE = 20;
