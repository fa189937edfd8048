import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@haoshi/contracts';
import type { Database } from './client.ts';
import { createUserIfNew, grantRole } from '../modules/identity/index.ts';
import { loadConfig } from '../config.ts';
import { seedListingsDemo } from '../modules/goods/index.ts';
import { seedHomeDemo } from '../modules/home/index.ts';
import { fundCompensationPoolDemo } from '../modules/claims/index.ts';
import { createStorage, type StorageProvider } from '../modules/storage/index.ts';

/** On-sale demo listings on first start (issue 3 asks for at least 3,000). */
export const DEMO_GOODS = 3000;

export interface SeedOptions {
  /** Demo listings wanted in total (existing ones count). */
  goods?: number;
  /** Where demo pictures go; by default the storage the environment configures. */
  storage?: StorageProvider;
}

/** Demo staff accounts: log in with these phones (codes come from /dev/outbox/sms). */
export const demoStaff: ReadonlyArray<{ phone: string; nickname: string; roles: Role[] }> = [
  { phone: '13800000001', nickname: '平台管理员', roles: ['admin'] },
  { phone: '13800000002', nickname: '财务小周', roles: ['finance'] },
  { phone: '13800000003', nickname: '客服小美', roles: ['customer_service'] },
  { phone: '13800000004', nickname: '举报处理专员', roles: ['report_handler'] },
  { phone: '13800000005', nickname: '星耀工作室', roles: ['merchant'] },
  { phone: '13800000006', nickname: '回收商老王', roles: ['recycler'] },
  // A support desk has more than one agent: the queue hands conversations to whoever takes them.
  { phone: '13800000007', nickname: '客服小林', roles: ['customer_service'] },
  { phone: '13800000008', nickname: '客服阿杰', roles: ['customer_service'] },
];

/**
 * Creates the demo staff accounts that do not exist yet, with their roles. An account that exists
 * is left alone: a role revoked with `npm run admin` stays revoked across restarts.
 */
export async function seedDemoStaff(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const staff of demoStaff) {
      const userId = await createUserIfNew(tx, staff.phone, staff.nickname);
      if (userId === null) continue;
      for (const role of staff.roles) await grantRole(tx, userId, role);
    }
  });
}

/** Idempotent: safe to run at every start. */
export async function seedDemoData(
  db: Database,
  log: FastifyBaseLogger,
  options: SeedOptions = {},
): Promise<void> {
  await seedDemoStaff(db);
  const started = performance.now();
  const storage = options.storage ?? (await createStorage(loadConfig())).provider;
  const listings = await seedListingsDemo(db, {
    goods: options.goods ?? DEMO_GOODS,
    storage,
    now: new Date(),
  });
  await seedHomeDemo(db, { storage, now: new Date() });
  await fundCompensationPoolDemo(db);
  log.info(
    `demo data ready (${demoStaff.length} staff accounts, ${listings.total} demo listings, ${listings.created} new, ${Math.round(performance.now() - started)} ms)`,
  );
}
