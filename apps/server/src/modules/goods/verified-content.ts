import type { AttributeValues, Platform } from '@haoshi/contracts';
import { canonicalJson } from '../../lib/canonical-json.ts';

/**
 * What a customer-service verification (the 官方截图 tag) vouches for: the screenshots and the facts a
 * buyer checks against them — game, platform, 区服, title, description, attributes, bindings — and
 * the price the account was offered at when it was checked. An edit that changes any of these ends
 * the verification. Guarantees, the bargain/urgent flags, the original price, the account hint and
 * the private note are the seller's own promises or notes and leave it in place; so does reordering
 * the same screenshots.
 */
export interface VerifiedContent {
  gameId: number;
  platform: Platform;
  partitionId: number;
  title: string;
  description: string;
  attrs: AttributeValues;
  bindings: AttributeValues;
  screenshots: readonly string[];
  price: number;
}

/** Only the fields above: a listing row passed in carries many more. */
const fingerprint = (content: VerifiedContent) =>
  canonicalJson({
    gameId: content.gameId,
    platform: content.platform,
    partitionId: content.partitionId,
    title: content.title,
    description: content.description,
    attrs: content.attrs,
    bindings: content.bindings,
    screenshots: [...content.screenshots].sort(),
    price: content.price,
  } satisfies VerifiedContent);

export const verifiedContentChanged = (before: VerifiedContent, after: VerifiedContent) =>
  fingerprint(before) !== fingerprint(after);
