import { z } from 'zod';
import { requestText, textSchema } from './primitives.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { ErrorCodes } from './error-codes.ts';
import { defineProcess } from './process/engine.ts';

/**
 * The sincerity (good-faith) deposit (诚信保证金): money a seller or recycler puts up from the wallet,
 * held in the ledger's platform-wide `deposit` account. Each user has one holding per kind; a higher
 * holding reaches a higher level. Orders and listings the deposit backs are "holds"; a deduction
 * raised by a dispute is a "penalty". Neither an open hold nor a pending penalty lets it be closed.
 */

export const sincerityPaths = {
  main: '/app/sincerity/main',
  billList: '/app/sincerity/bill/list',
  billPage: '/app/sincerity/bill/page',
  orderList: '/app/sincerity/order/list',
  close: '/app/sincerity/close',
  pay: '/app/order/sincerity',
  payRecovery: '/app/order/recoverySincerity',
} as const;

export const sincerityKinds = ['seller', 'recycler'] as const;
export const sincerityKindSchema = z.enum(sincerityKinds, { error: '保证金类型无效' });
export type SincerityKind = z.infer<typeof sincerityKindSchema>;
export const sincerityKindLabels: Record<SincerityKind, string> = {
  seller: '卖家保证金',
  recycler: '回收商保证金',
};

export interface SincerityLevel {
  level: string;
  name: string;
  /** Fen the holding must reach. */
  requiredFen: number;
  benefits: readonly string[];
}

/** Levels per kind, lowest first. The amounts are the product's; change them here only. */
export const sincerityLevels: Record<SincerityKind, readonly SincerityLevel[]> = {
  seller: [
    {
      level: 'basic',
      name: '诚信卖家',
      requiredFen: 100_00,
      benefits: ['商品展示“诚信卖家”标识', '可发布议价商品'],
    },
    {
      level: 'quality',
      name: '优质卖家',
      requiredFen: 500_00,
      benefits: ['搜索排序加权', '每日可上架商品数提高到50个', '提现优先审核'],
    },
    {
      level: 'gold',
      name: '金牌卖家',
      requiredFen: 2000_00,
      benefits: ['首页推荐位优先', '专属客服', '交易纠纷优先处理'],
    },
  ],
  recycler: [
    {
      level: 'certified',
      name: '认证回收商',
      requiredFen: 1000_00,
      benefits: ['可在回收大厅出价', '出价展示“认证回收商”标识'],
    },
  ],
};

export const sincerityMovementTypes = ['pay', 'release', 'penalty'] as const;
export type SincerityMovementType = (typeof sincerityMovementTypes)[number];
export const sincerityMovementLabels: Record<SincerityMovementType, string> = {
  pay: '缴纳',
  release: '退还',
  penalty: '违约扣除',
};

export const sincerityHoldStatuses = ['open', 'released'] as const;
export type SincerityHoldStatus = (typeof sincerityHoldStatuses)[number];

/** A hold: an order or listing the deposit backs, released by the system when it ends. */
export const sincerityHoldProcess = defineProcess({
  name: 'sincerity_hold',
  states: sincerityHoldStatuses,
  stateLabels: { open: '占用中', released: '已释放' },
  initial: 'open',
  terminal: ['released'],
  refusal: { errCode: ErrorCodes.PROCESS_STATE_INVALID },
  guards: {},
  transitions: {
    release: { from: 'open', to: 'released', roles: ['system'], label: '释放' },
  },
});

export const sincerityPenaltyStatuses = ['pending', 'settled', 'waived'] as const;
export type SincerityPenaltyStatus = (typeof sincerityPenaltyStatuses)[number];

/** A penalty on a deposit: settled (the money is taken) or waived, by the system or an admin. */
export const sincerityPenaltyProcess = defineProcess({
  name: 'sincerity_penalty',
  states: sincerityPenaltyStatuses,
  stateLabels: { pending: '待处理', settled: '已扣除', waived: '已免除' },
  initial: 'pending',
  terminal: ['settled', 'waived'],
  refusal: { errCode: ErrorCodes.SINCERITY_PENALTY_SETTLED },
  guards: {},
  transitions: {
    settle: { from: 'pending', to: 'settled', roles: ['system', 'admin'], label: '违约扣除' },
    waive: { from: 'pending', to: 'waived', roles: ['system', 'admin'], label: '免除' },
  },
});

/** Why a holding cannot be closed now (null when it can). */
export const sincerityCloseBlocks = ['nothing_held', 'open_hold', 'pending_penalty'] as const;
export type SincerityCloseBlock = (typeof sincerityCloseBlocks)[number];

const levelSchema = z.object({
  level: z.string(),
  name: z.string(),
  required: z.string(),
  benefits: z.array(z.string()),
  reached: z.boolean(),
});

export const sincerityKindSummarySchema = z.object({
  kind: sincerityKindSchema,
  name: z.string(),
  /** Held now (amount string). */
  held: z.string(),
  /** The highest level reached, or null. */
  level: z.string().nullable(),
  level_name: z.string().nullable(),
  levels: z.array(levelSchema),
  /** `none`: nothing held; `active`: held and free to close; `locked`: a hold or penalty keeps it. */
  state: z.enum(['none', 'active', 'locked']),
  open_holds: z.number().int(),
  /** Sum of penalties raised and not yet settled or waived. */
  pending_penalty: z.string(),
  close_block: z.enum(sincerityCloseBlocks).nullable(),
});
export type SincerityKindSummary = z.infer<typeof sincerityKindSummarySchema>;

export const sincerityMainSchema = z.object({
  kinds: z.array(sincerityKindSummarySchema),
  total_held: z.string(),
  /** The wallet's available balance the deposit is paid from. */
  available: z.string(),
});
export type SincerityMain = z.infer<typeof sincerityMainSchema>;

export const sincerityMovementSchema = z.object({
  id: z.number().int(),
  kind: sincerityKindSchema,
  type: z.enum(sincerityMovementTypes),
  /** Signed from the holding's side: "+500.00" paid in, "-500.00" out. */
  amount: z.string(),
  held_after: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type SincerityMovement = z.infer<typeof sincerityMovementSchema>;

export const sincerityBillQuerySchema = pageQuerySchema.extend({
  kind: sincerityKindSchema.optional(),
  type: z.enum(sincerityMovementTypes, { error: '流水类型无效' }).optional(),
});
export type SincerityBillQuery = z.input<typeof sincerityBillQuerySchema>;
export const sincerityBillPageSchema = pageSchema(sincerityMovementSchema);

/** `/bill/list`: totals per kind and movement type, and the latest few movements. */
export const sincerityBillSummarySchema = z.object({
  totals: z.array(
    z.object({
      kind: sincerityKindSchema,
      paid: z.string(),
      released: z.string(),
      deducted: z.string(),
    }),
  ),
  recent: z.array(sincerityMovementSchema),
});
export type SincerityBillSummary = z.infer<typeof sincerityBillSummarySchema>;

export const sincerityHoldSchema = z.object({
  id: z.number().int(),
  kind: sincerityKindSchema,
  reference_type: z.string(),
  reference_id: z.string(),
  title: z.string(),
  status: z.enum(sincerityHoldStatuses),
  created_at: z.string(),
  released_at: z.string().nullable(),
});
export type SincerityHold = z.infer<typeof sincerityHoldSchema>;

export const sincerityHoldQuerySchema = pageQuerySchema.extend({
  kind: sincerityKindSchema.optional(),
  status: z.enum([...sincerityHoldStatuses, 'all'], { error: '状态无效' }).default('open'),
});
export const sincerityHoldPageSchema = pageSchema(sincerityHoldSchema);

export const sincerityPayRequestSchema = z.object({
  /** The level to reach; the shortfall is paid. */
  level: requestText('请选择保证金档位').min(1, '请选择保证金档位').max(32),
});
export type SincerityPayRequest = z.infer<typeof sincerityPayRequestSchema>;
export const recoverySincerityPayRequestSchema = z.object({
  level: textSchema.min(1).max(32).default('certified'),
});

export const sincerityPayResultSchema = z.object({
  kind: sincerityKindSchema,
  paid: z.string(),
  held: z.string(),
  level: z.string(),
  movement_id: z.number().int(),
});
export type SincerityPayResult = z.infer<typeof sincerityPayResultSchema>;

export const sincerityCloseRequestSchema = z.object({ kind: sincerityKindSchema });
export type SincerityCloseRequest = z.infer<typeof sincerityCloseRequestSchema>;
export const sincerityCloseResultSchema = z.object({
  kind: sincerityKindSchema,
  released: z.string(),
  movement_id: z.number().int(),
});
export type SincerityCloseResult = z.infer<typeof sincerityCloseResultSchema>;
