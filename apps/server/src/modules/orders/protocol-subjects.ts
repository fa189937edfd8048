import { eq } from 'drizzle-orm';
import {
  feeSchedule,
  orderPaidStates,
  orderProcess,
  protocolRoles,
  type OrderState,
} from '@haoshi/contracts';
import type { ProtocolSubjects } from '../esign/index.ts';
import type { OrderListings } from '../goods/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { SIGNED_WITHOUT_PROTOCOL, type OrderService } from './order-service.ts';
import { orders } from './tables.ts';

const paidStates: readonly OrderState[] = orderPaidStates;

/** Orders as the subjects of e-signed transfer protocols (the esign module's port). */
export function createOrderProtocolSubjects(deps: {
  service: OrderService;
  listings: OrderListings;
  processes: ProcessEngine;
}): ProtocolSubjects {
  return {
    async load(executor, orderNo) {
      const [order] = await executor.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
      if (!order) return undefined;
      const card = (await deps.listings.cards(executor, [order.goodsId])).get(order.goodsId);
      const guarantee = feeSchedule.compensation.find((option) => option.code === order.guaranteeCode);
      return {
        subjectId: order.id,
        orderNo: order.orderNo,
        buyerId: order.buyerId,
        sellerId: order.sellerId,
        state: order.state,
        game: card?.game_name ?? '',
        title: card?.title ?? '',
        priceFen: order.priceFen,
        guarantee: guarantee?.name ?? null,
        createdAt: order.createdAt,
        // An unpaid order costs nothing to place and cancel: it must not reveal who the seller is.
        identitiesShown: paidStates.includes(order.state),
      };
    },
    onPartySigned: (executor, subjectId, signer) =>
      deps.service.recordPartySignature(executor, subjectId, signer),
    onAllSigned: (executor, subjectId) => deps.service.completeSigning(executor, subjectId),
    async signedParties(executor, subjectId) {
      const timeline = await deps.processes.timeline(executor, orderProcess, subjectId);
      // Orders signed before each signature was recorded have only the `sign` both signatures took.
      if (timeline.some((entry) => entry.action === 'sign' && entry.reason !== SIGNED_WITHOUT_PROTOCOL))
        return [...protocolRoles];
      return protocolRoles.filter((role) =>
        timeline.some((entry) => entry.action === 'party_sign' && entry.actor_role === role),
      );
    },
  };
}
