import type { Database } from '../../db/client.ts';
import type { ProcessEngine } from './process-engine.ts';
import type { TableTimerScheduler } from './timer-scheduler.ts';

/**
 * One pass over the built-in scheduler's due timers. Each fires in its own transaction with its
 * row claimed (two runners never fire the same one) and is removed when it has fired or found its
 * subject moved on. A failing timer stays armed for the next pass and does not hold up the others;
 * its error is returned for the runner to log.
 */
export async function fireDueTimers(
  deps: { db: Database; engine: ProcessEngine; scheduler: TableTimerScheduler },
  limit = 100,
): Promise<{ fired: number; stale: number; errors: unknown[] }> {
  const outcome = { fired: 0, stale: 0, errors: [] as unknown[] };
  for (const id of await deps.scheduler.due(deps.db, limit)) {
    try {
      await deps.db.transaction(async (tx) => {
        const timer = await deps.scheduler.claim(tx, id);
        if (!timer) return;
        outcome[await deps.engine.fireTimer(tx, timer)] += 1;
        await deps.scheduler.remove(tx, timer.id);
      });
    } catch (error) {
      outcome.errors.push(error);
    }
  }
  return outcome;
}
