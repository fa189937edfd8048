import {
  disputeOutcomeLabels,
  disputeReasonLabels,
  fenToAmount,
  orderProcess,
  orderStateLabels,
  type DisputeDetail,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import type { ImageUrl } from '../goods/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import type { DisputeService } from './dispute-service.ts';

/** What the dispute screens show: the claim, its thread, the settlement and the order's timeline. */
export function createDisputeViews(deps: {
  db: Database;
  processes: ProcessEngine;
  imageUrl: ImageUrl;
  disputes: DisputeService;
}) {
  const { db, processes, imageUrl, disputes } = deps;

  async function detail(userId: number, orderNo: string): Promise<DisputeDetail> {
    const { order, role, dispute } = await disputes.forViewer(userId, orderNo);
    const [messages, timeline] = await Promise.all([
      disputes.messagesOf(dispute.id),
      processes.timeline(db, orderProcess, order.id),
    ]);
    return {
      order_no: order.orderNo,
      order_state: order.state,
      order_state_label: orderStateLabels[order.state],
      goods: order.goodsCard,
      payable: fenToAmount(order.payableFen),
      escrow: fenToAmount(order.escrowFen),
      viewer_role: role,
      state: dispute.resolvedAt ? 'resolved' : 'open',
      opened_by: dispute.openedBy,
      reason: dispute.reason,
      reason_label: disputeReasonLabels[dispute.reason],
      description: dispute.description,
      images: dispute.images.map(imageUrl),
      created_at: dispute.createdAt.toISOString(),
      messages: messages.map((row) => ({
        id: row.id,
        author_role: row.authorRole,
        content: row.content,
        images: row.images.map(imageUrl),
        created_at: row.createdAt.toISOString(),
        mine: row.authorId === userId,
      })),
      settlement:
        dispute.outcome && dispute.resolvedAt
          ? {
              outcome: dispute.outcome,
              outcome_label: disputeOutcomeLabels[dispute.outcome],
              buyer_amount: fenToAmount(dispute.buyerFen ?? 0),
              seller_amount: fenToAmount(dispute.sellerFen ?? 0),
              fee_amount: fenToAmount(dispute.feeFen ?? 0),
              reason: dispute.resolution ?? '',
              resolved_at: dispute.resolvedAt.toISOString(),
            }
          : null,
      timeline,
    };
  }

  return { detail };
}
