import type { Executor } from '../../db/client.ts';
import { gameIdsByName } from '../catalogue/index.ts';
import { createTemplate, type TemplateInput } from './coupon-claims.ts';

/**
 * Built-in templates, added at start when missing (a known `code` is never overwritten, so staff
 * changes to stock or state survive restarts). The new-user package always exists; the coupon
 * hall's demo templates only with demo data, and game-scoped ones only once the game exists.
 */

export const newUserPackageTemplates: TemplateInput[] = [
  {
    code: 'new_user_5',
    name: '新人无门槛券',
    channel: 'new_user',
    amountOff: 5_00,
    validDays: 7,
    stockTotal: 1_000_000,
    sort: 1,
  },
  {
    code: 'new_user_20',
    name: '新人满减券',
    channel: 'new_user',
    amountOff: 20_00,
    threshold: 200_00,
    validDays: 15,
    stockTotal: 1_000_000,
    sort: 2,
  },
  {
    code: 'new_user_50',
    name: '新人大额券',
    channel: 'new_user',
    amountOff: 50_00,
    threshold: 1000_00,
    validDays: 30,
    stockTotal: 1_000_000,
    sort: 3,
  },
];

type HallDemo = Omit<TemplateInput, 'channel' | 'gameId'> & { gameName?: string };

export const hallDemoTemplates: HallDemo[] = [
  {
    code: 'hall_all_10',
    name: '全场通用券',
    amountOff: 10_00,
    threshold: 100_00,
    validDays: 7,
    stockTotal: 500,
    sort: 1,
  },
  {
    code: 'hall_all_30',
    name: '周末狂欢券',
    amountOff: 30_00,
    threshold: 500_00,
    validDays: 3,
    stockTotal: 200,
    sort: 2,
  },
  {
    code: 'hall_wzry_15',
    name: '王者荣耀专享券',
    gameName: '王者荣耀',
    amountOff: 15_00,
    threshold: 150_00,
    validDays: 10,
    stockTotal: 300,
    sort: 3,
  },
  {
    code: 'hall_ys_40',
    name: '原神专享券',
    gameName: '原神',
    amountOff: 40_00,
    threshold: 600_00,
    validDays: 10,
    stockTotal: 100,
    sort: 4,
  },
  {
    code: 'hall_hpjy_8',
    name: '和平精英专享券',
    gameName: '和平精英',
    amountOff: 8_00,
    threshold: 80_00,
    validDays: 5,
    stockTotal: 50,
    sort: 5,
  },
];

export async function seedCouponTemplates(db: Executor, options: { demo: boolean }): Promise<void> {
  for (const template of newUserPackageTemplates) await createTemplate(db, template);
  if (!options.demo) return;
  const gameIds = await gameIdsByName(db);
  for (const { gameName, ...template } of hallDemoTemplates) {
    const gameId = gameName === undefined ? null : gameIds.get(gameName);
    if (gameId === undefined) continue;
    await createTemplate(db, { ...template, channel: 'hall', gameId });
  }
}
