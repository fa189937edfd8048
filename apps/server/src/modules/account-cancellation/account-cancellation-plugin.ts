import type { FastifyPluginAsync } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { accountCancellationProcess, type AccountCancellationState } from '@haoshi/contracts';
import type { CancellationService } from './cancellation-service.ts';
import { ACCOUNT_CANCEL_COMPLETE_JOB } from './cancellation-service.ts';
import { accountCancellationRoutes } from './routes.ts';
import { accountCancellations } from './tables.ts';

const LAPSE_REASON = '未在30分钟内完成短信确认，注销申请已失效';

/**
 * Account cancellation (issue 13 B): the calls, the lapse of an unconfirmed request (an engine
 * timer) and the end of the cooling-off (a delayed job).
 */
export const accountCancellationPlugin: FastifyPluginAsync<{
  now: () => Date;
  cancellation: CancellationService;
}> = async (app, { now, cancellation }) => {
  app.processes.registerTimerSubject(accountCancellationProcess, {
    async lock(tx, subjectId) {
      const [row] = await tx
        .select()
        .from(accountCancellations)
        .where(eq(accountCancellations.id, subjectId))
        .for('update');
      return row ? { state: row.state, ownerId: row.userId } : undefined;
    },
    async enter(tx, subjectId, change) {
      await tx
        .update(accountCancellations)
        .set({ state: change.to as AccountCancellationState, closedAt: now(), withdrawReason: LAPSE_REASON })
        .where(
          and(
            eq(accountCancellations.id, subjectId),
            eq(accountCancellations.state, change.from as AccountCancellationState),
          ),
        );
    },
  });
  app.jobs.work<{ requestId: number }>(ACCOUNT_CANCEL_COMPLETE_JOB, async (job) => {
    const outcome = await cancellation.completeDue(job.data.requestId);
    app.log.info({ requestId: job.data.requestId, outcome }, 'account cancellation: cooling-off ended');
  });
  await app.register(accountCancellationRoutes, { cancellation });
};
