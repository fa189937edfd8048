import { and, eq } from 'drizzle-orm';
import {
  CLAIM_SUPPLEMENT_SECONDS,
  claimProcess,
  type ClaimState,
  type ProcessTimelineEntry,
} from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { postSystemNotice } from '../chat/index.ts';
import type { ProcessEngine } from '../process/index.ts';
import { guaranteeClaims } from './tables.ts';

type ClaimRow = typeof guaranteeClaims.$inferSelect;

const chinaTime = (at: Date) =>
  new Date(at.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * When a claim waiting for the buyer's material closes: CLAIM_SUPPLEMENT_SECONDS after the last
 * time it entered info_requested (the entry its timers were armed with); null in any other state.
 */
export function supplementDeadline(
  state: ClaimState,
  timeline: readonly ProcessTimelineEntry[],
): Date | null {
  if (state !== 'info_requested') return null;
  const entry = timeline.findLast((item) => item.to === 'info_requested' && item.from !== item.to);
  return entry ? new Date(new Date(entry.created_at).getTime() + CLAIM_SUPPLEMENT_SECONDS * 1000) : null;
}

/** What the buyer is told when a supplement timer fires (the claim's notices, docs/orders.md). */
const notices: Partial<
  Record<string, (claim: ClaimRow, deadline: Date | null) => { title: string; body: string }>
> = {
  remind_supplement: (claim, deadline) => ({
    title: '找回申请即将关闭，请补充材料',
    body: `找回申请 ${claim.claimNo} 还在等待你补充材料，请在${
      deadline ? ` ${chinaTime(deadline)}（北京时间）` : '一天内'
    }前提交，逾期申请将自动关闭。`,
  }),
  close_unsupplemented: (claim) => ({
    title: '找回申请已关闭',
    body: `找回申请 ${claim.claimNo} 因逾期未补充材料已关闭。如仍在保障期内，可重新提交申请。`,
  }),
};

async function lockClaim(tx: Executor, id: number): Promise<ClaimRow | undefined> {
  const [row] = await tx.select().from(guaranteeClaims).where(eq(guaranteeClaims.id, id)).for('update');
  return row;
}

/**
 * The supplement timers of a claim (claimProcess: remind_supplement, close_unsupplemented) are
 * process timers: the engine takes them as `system` if the claim still waits for the buyer's
 * material from the same request; this writes the state entered and tells the buyer, in the same
 * transaction.
 */
export function registerClaimTimers(processes: ProcessEngine, now: () => Date): void {
  processes.registerTimerSubject(claimProcess, {
    async lock(tx, subjectId) {
      const row = await lockClaim(tx, subjectId);
      return row ? { state: row.state, ownerId: row.buyerId } : undefined;
    },
    async enter(tx, subjectId, change) {
      const at = now();
      const row =
        change.to === change.from
          ? await lockClaim(tx, subjectId)
          : (
              await tx
                .update(guaranteeClaims)
                .set({ state: change.to as ClaimState, updatedAt: at })
                .where(
                  and(
                    eq(guaranteeClaims.id, subjectId),
                    eq(guaranteeClaims.state, change.from as ClaimState),
                  ),
                )
                .returning()
            )[0];
      const notice = notices[change.action];
      if (!row || !notice) return;
      const deadline = supplementDeadline(row.state, await processes.timeline(tx, claimProcess, row.id));
      const { title, body } = notice(row, deadline);
      await postSystemNotice(tx, row.buyerId, {
        kind: 'claim',
        title,
        body,
        link: `/offlineRetrievalDetails?claim_no=${row.claimNo}`,
        at,
      });
    },
  });
}
