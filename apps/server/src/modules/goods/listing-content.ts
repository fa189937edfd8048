import type { AttributeValues, CompensationOptionCode, Platform } from '@haoshi/contracts';
import { canonicalJson } from '../../lib/canonical-json.ts';

/** What a seller writes of a listing: an edit is judged by which of these it changes. */
export interface ListingContent {
  gameId: number;
  platform: Platform;
  partitionId: number;
  title: string;
  description: string;
  attrs: AttributeValues;
  bindings: AttributeValues;
  screenshots: string[];
  guarantees: CompensationOptionCode[];
  price: number;
  originalPrice: number | null;
  bargain: boolean;
  bargainFloor: number | null;
  urgent: boolean;
  accountHint: string;
  privateNote: string;
}

export type ListingField = keyof ListingContent;

/** Each field by its request name: the names the history records. */
const requestNames: Record<ListingField, string> = {
  gameId: 'game_id',
  platform: 'platform',
  partitionId: 'partition_id',
  title: 'title',
  description: 'description',
  attrs: 'attrs',
  bindings: 'bindings',
  screenshots: 'screenshots',
  guarantees: 'guarantees',
  price: 'price',
  originalPrice: 'original_price',
  bargain: 'bargain',
  bargainFloor: 'bargain_floor',
  urgent: 'urgent',
  accountHint: 'account_hint',
  privateNote: 'private_note',
};

/**
 * What moderation judges and buyers see as the account: game, platform, 区服, title, description,
 * attributes, bindings and screenshots. Changing any of these on a listing on sale sends it back to
 * review; the price, guarantees, bargain/urgent flags, the account hint and the private note are
 * the seller's own offer and notes and do not.
 */
export const moderatedFields: readonly ListingField[] = [
  'gameId',
  'platform',
  'partitionId',
  'title',
  'description',
  'attrs',
  'bindings',
  'screenshots',
];

/**
 * What a customer-service verification (the 官方截图 tag) vouches for: the moderated content and the
 * price the account was offered at when it was checked. Changing any of these ends the verification.
 */
export const verifiedFields: readonly ListingField[] = [...moderatedFields, 'price'];

/** Lists compared as sets: reordering the same screenshots or guarantees changes nothing. */
const comparable = (content: ListingContent, field: ListingField) => {
  const value = content[field];
  return canonicalJson(Array.isArray(value) ? [...(value as readonly string[])].sort() : value);
};

/** The fields `after` changes (a listing row passed in carries many more: only these are read). */
export const changedFields = (before: ListingContent, after: ListingContent): ListingField[] =>
  (Object.keys(requestNames) as ListingField[]).filter(
    (field) => comparable(before, field) !== comparable(after, field),
  );

export const changesAny = (changed: readonly ListingField[], fields: readonly ListingField[]) =>
  changed.some((field) => fields.includes(field));

/** The changed fields as the history records them (`{ changed: ['title', 'price'] }`). */
export const changeRecord = (changed: readonly ListingField[]) => ({
  changed: changed.map((field) => requestNames[field]),
});
