/** The goods module's public API: listings wiring, the shared search core, and what the home page reads. */
export { listingsPlugin } from './listings-plugin.ts';
export { createListingsCore, type ListingsCore } from './listings-core.ts';
export type { SearchService } from './search-service.ts';
export type { ImageUrl } from './goods-cards.ts';
export { onSaleStatsByGame } from './goods-repo.ts';
export { onSaleCounts, ratingText, topStores } from './store-service.ts';
export { seedListingsDemo, type ListingsDemoOptions } from './demo-seed.ts';
export { resellSourceOf, type ResellSource } from './resell-source.ts';
export { demoTradeCandidates, type DemoTradeCandidate } from './demo-trades.ts';
export { addSearchAlias, loadSearchAliases, removeSearchAlias } from './search-aliases.ts';
export { createOrderListings, orderableBy, type OrderListings } from './order-listing.ts';
export { listingVisibleTo } from './interaction-service.ts';
export { recordOrderComment } from './order-comments.ts';
export { bargainGoodsByIds, goodsShownTo, listingTerms, type ListingTerms } from './bargain-terms.ts';
export { goodsExportSources } from './goods-export.ts';
export { anonymiseStore, listingsOnShelfCountOf } from './account-items.ts';
export { eraseBrowsingData, eraseReviewTexts } from './account-erasure.ts';
