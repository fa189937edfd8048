/** The idempotency store behind the Idempotency-Key plugin. */
export {
  createIdempotencyStore,
  IDEMPOTENCY_TTL_SECONDS,
  STALE_CLAIM_SECONDS,
  type ClaimOutcome,
  type IdempotencyClaim,
} from './idempotency-store.ts';
