import type { Database } from '../../db/client.ts';
import { ledger } from '../ledger/index.ts';

/** What the demo's compensation pool (平台包赔基金) starts with: 200,000.00 yuan. */
export const DEMO_COMPENSATION_POOL_FEN = 20_000_000;

/**
 * Funds the compensation pool of a demo marketplace through the ledger (the platform's adjustments
 * account → compensation_pool), once: the key makes every later start a no-op.
 */
export async function fundCompensationPoolDemo(db: Database): Promise<void> {
  await db.transaction((tx) =>
    ledger.post(tx, {
      debit: { kind: 'adjustments' },
      credit: { kind: 'compensation_pool' },
      amount: DEMO_COMPENSATION_POOL_FEN,
      kind: 'compensation.fund',
      reference: { type: 'compensation_pool', id: 'demo' },
      idempotencyKey: 'demo:compensation_pool:fund',
      metadata: { remark: '演示数据：平台包赔基金初始注资' },
    }),
  );
}
