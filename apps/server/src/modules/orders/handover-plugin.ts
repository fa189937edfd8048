import type { FastifyPluginAsync } from 'fastify';
import type { OrderListings } from '../goods/index.ts';
import { createCredentialsVault } from './handover-crypto.ts';
import { handoverRoutes } from './handover-routes.ts';
import { createHandoverService } from './handover-service.ts';
import { createUrgeService } from './handover-urges.ts';
import type { OrderGuards, OrderService } from './order-service.ts';
import { rebindingDone } from './rebinding-service.ts';
import { createVerificationService } from './verification-service.ts';

/** The order process's guards as the hand-over evaluates them (finish_rebinding: the checklist). */
export const handoverGuards =
  (listings: OrderListings): OrderGuards =>
  async (tx, order) => ({ rebinding_done: await rebindingDone(tx, order, listings) });

/**
 * Issue 11 C on top of the order service: credentials sealed with the ORDER_CREDENTIALS_KEYS ring,
 * verification (refund, shelf-off, sincerity penalty), rebinding, urges and liquidated damages.
 */
export const handoverPlugin: FastifyPluginAsync<{
  now: () => Date;
  service: OrderService;
  listings: OrderListings;
  fileUrl: (key: string) => string;
}> = async (app, { now, service, listings, fileUrl }) => {
  const deps = { db: app.db, now, processes: app.processes, orders: service };
  const urges = createUrgeService({ db: app.db, now });
  const handover = createHandoverService({
    ...deps,
    listings,
    vault: createCredentialsVault(app.config.ORDER_CREDENTIALS_KEYS),
    urges,
    fileUrl,
  });
  const verification = createVerificationService({ ...deps, listings });
  await app.register(handoverRoutes, { handover, verification, urges, now, listings });
};
