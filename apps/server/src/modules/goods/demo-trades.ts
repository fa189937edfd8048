import { and, asc, eq } from 'drizzle-orm';
import type { CompensationOptionCode } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { findUser } from '../identity/index.ts';
import { DEMO_SELLERS, demoBuyerPhone, demoSellerPhone } from './demo-seed.ts';
import { goods } from './tables.ts';

export interface DemoTradeCandidate {
  goodsId: number;
  sellerId: number;
  buyerId: number;
  guarantees: CompensationOptionCode[];
}

/**
 * The listings the demo's completed trades buy: the first `count` demo sellers (in their order)
 * with at least two listings on sale, the one with the lowest id each, bought by the k-th demo
 * buyer. The seller's other listings stay on sale and show that buyer's evaluation (comments are
 * about the seller).
 */
export async function demoTradeCandidates(db: Database, count: number): Promise<DemoTradeCandidate[]> {
  const picked: DemoTradeCandidate[] = [];
  for (let n = 1; n <= DEMO_SELLERS && picked.length < count; n += 1) {
    const seller = await findUser(db, { phone: demoSellerPhone(n) });
    if (!seller) continue;
    const onSale = await db
      .select({ id: goods.id, guarantees: goods.guarantees })
      .from(goods)
      .where(and(eq(goods.sellerId, seller.id), eq(goods.status, 'on_sale')))
      .orderBy(asc(goods.id))
      .limit(2);
    const [listing] = onSale;
    if (!listing || onSale.length < 2) continue;
    const buyer = await findUser(db, { phone: demoBuyerPhone(picked.length + 1) });
    if (!buyer) break;
    picked.push({
      goodsId: listing.id,
      sellerId: seller.id,
      buyerId: buyer.id,
      guarantees: listing.guarantees,
    });
  }
  return picked;
}
