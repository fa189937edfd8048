import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { commentTagLabels, commentTags, goodsCardSchema } from './goods.ts';
import { hasNoContact, CONTACT_DETAILS_MESSAGE } from './contact-detector.ts';
import { idQuerySchema, requestText } from './primitives.ts';

/**
 * Evaluations (评价, issue 11 G): after a completed order each party evaluates the other once, within
 * a window; the buyer also rates the platform's service of the order. The buyer's evaluation of the
 * seller is what the listing pages show as comments. A buyer whose evaluation has enough text gets a
 * small cash back (评价返现) once per order, whatever the stars: paying for good reviews only is not
 * allowed, so the stars never decide it.
 */
export const evaluationPaths = {
  /** GET/POST: what the viewer can evaluate (or one order's state of evaluation) and the cash-back offer. */
  main: '/app/favourable_comment/main',
  submit: '/app/favourable_comment/submit',
  /** Not in SPEC §7: my evaluations, to do and done (/evaluateList). */
  mine: '/app/evaluation/mine',
  /** Not in SPEC §7: evaluations a user received (/userEvaluate). */
  received: '/app/evaluation/received',
} as const;

/** Days after completion during which the parties may evaluate. */
export const EVALUATION_WINDOW_DAYS = 15;
/** 评价返现: fen paid to the buyer from the platform's promotion account. */
export const EVALUATION_CASHBACK_FEN = 200;
/** Characters of text an evaluation needs for the cash back. */
export const EVALUATION_CASHBACK_MIN_CHARS = 15;
export const EVALUATION_TEXT_MAX = 300;

export const evaluationRoles = ['buyer', 'seller'] as const;
export type EvaluationRole = (typeof evaluationRoles)[number];
export const evaluationRoleLabels: Record<EvaluationRole, string> = {
  buyer: '买家评价',
  seller: '卖家评价',
};

/** Tags a seller may give a buyer. */
export const buyerTags = ['pay_fast', 'friendly_buyer', 'rebind_fast', 'slow_buyer'] as const;
export type BuyerTag = (typeof buyerTags)[number];
export const buyerTagLabels: Record<BuyerTag, string> = {
  pay_fast: '付款爽快',
  friendly_buyer: '沟通友好',
  rebind_fast: '换绑及时',
  slow_buyer: '回复较慢',
};
export const evaluationTags = [...commentTags, ...buyerTags] as const;
export type EvaluationTag = (typeof evaluationTags)[number];
export const evaluationTagLabels: Record<EvaluationTag, string> = { ...commentTagLabels, ...buyerTagLabels };

const orderNoSchema = z.string({ error: '订单号不能为空' }).regex(/^O\d{8,30}$/, { error: '订单号无效' });
const starsSchema = (what: string) =>
  z
    .number({ error: `请选择${what}` })
    .int(`请选择${what}`)
    .min(1, `请选择${what}`)
    .max(5, `请选择${what}`);

export const submitEvaluationRequestSchema = z.object({
  order_no: orderNoSchema,
  stars: starsSchema('评分'),
  /** The platform's service of the order (buyer and seller alike). */
  service_stars: starsSchema('服务评分'),
  tags: z
    .array(z.enum(evaluationTags, { error: '标签无效' }))
    .max(5, '最多选择5个标签')
    .default([]),
  content: requestText()
    .trim()
    .max(EVALUATION_TEXT_MAX, `评价最多${EVALUATION_TEXT_MAX}字`)
    .refine(hasNoContact, CONTACT_DETAILS_MESSAGE)
    .default(''),
});
export type SubmitEvaluationRequest = z.input<typeof submitEvaluationRequestSchema>;
export type SubmitEvaluationInput = z.output<typeof submitEvaluationRequestSchema>;

export const evaluationSchema = z.object({
  id: z.number().int(),
  /**
   * Null in a user's received evaluations unless the viewer is the order's buyer or seller: the
   * list is public, and an order number is what a fake "customer service" would quote.
   */
  order_no: z.string().nullable(),
  author_role: z.enum(evaluationRoles),
  author_name: z.string(),
  stars: z.number().int(),
  service_stars: z.number().int(),
  tags: z.array(z.enum(evaluationTags)),
  content: z.string(),
  /**
   * Empty in a user's received evaluations when a seller wrote it (it is of the user as a buyer)
   * and the viewer is not a party: it would tell who owns that account now.
   */
  goods_title: z.string(),
  created_at: z.string(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export const cashbackSchema = z.object({
  amount: z.string(),
  min_chars: z.number().int(),
  /** paid: credited to the wallet; none: not (yet) earned. */
  status: z.enum(['paid', 'none']),
  paid_at: z.string().nullable(),
});
export type Cashback = z.infer<typeof cashbackSchema>;

/** An order the viewer can or could evaluate. */
export const evaluableOrderSchema = z.object({
  order_no: z.string(),
  goods: goodsCardSchema,
  role: z.enum(evaluationRoles),
  completed_at: z.string(),
  /** End of the window. */
  evaluate_by: z.string(),
  can_evaluate: z.boolean(),
  /** Why not ('' when it can). */
  reason: z.string(),
  mine: evaluationSchema.nullable(),
  /** The other party's evaluation of the viewer. */
  theirs: evaluationSchema.nullable(),
  /** The buyer's cash back for this order (null for the seller). */
  cashback: cashbackSchema.nullable(),
});
export type EvaluableOrder = z.infer<typeof evaluableOrderSchema>;

export const evaluationMainQuerySchema = z.object({ order_no: orderNoSchema.optional() });
export type EvaluationMainQuery = z.input<typeof evaluationMainQuerySchema>;

export const evaluationMainSchema = z.object({
  /** The order asked for, or null when none was. */
  order: evaluableOrderSchema.nullable(),
  /** Orders waiting for the viewer's evaluation (at most 20, the oldest window first). */
  todo: z.array(evaluableOrderSchema),
  offer: z.object({
    amount: z.string(),
    min_chars: z.number().int(),
    window_days: z.number().int(),
  }),
});
export type EvaluationMain = z.infer<typeof evaluationMainSchema>;

export const submitEvaluationResultSchema = z.object({
  order: evaluableOrderSchema,
  /** Whether this submit earned the cash back. */
  cashback_paid: z.boolean(),
});
export type SubmitEvaluationResult = z.infer<typeof submitEvaluationResultSchema>;

export const evaluationTabs = ['todo', 'done'] as const;
export type EvaluationTab = (typeof evaluationTabs)[number];
export const myEvaluationsQuerySchema = pageQuerySchema.extend({
  tab: z.enum(evaluationTabs, { error: '类型无效' }).default('todo'),
});
export type MyEvaluationsQuery = z.input<typeof myEvaluationsQuerySchema>;
export const myEvaluationsSchema = pageSchema(evaluableOrderSchema);
export type MyEvaluations = z.infer<typeof myEvaluationsSchema>;

export const receivedEvaluationsQuerySchema = pageQuerySchema.extend({
  user_id: idQuerySchema,
  role: z.enum(evaluationRoles).optional(),
});
export type ReceivedEvaluationsQuery = z.input<typeof receivedEvaluationsQuerySchema>;
export const receivedEvaluationsSchema = pageSchema(evaluationSchema).extend({
  user: z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string() }),
  /** Average stars received ('5.00' with none) and counts by star (1..5). */
  rating: z.string(),
  stars: z.array(z.number().int()),
});
export type ReceivedEvaluations = z.infer<typeof receivedEvaluationsSchema>;
