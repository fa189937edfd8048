import { z } from 'zod';
import { ErrorCodes } from './error-codes.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { coercedId, idSchema, textSchema } from './primitives.ts';
import { defineProcess } from './process/engine.ts';

/**
 * Customer service (issue 12 part C): the help centre (FAQ), the queue of users asking for a
 * human, the staff who take, transfer and close those sessions, and the ratings users give after.
 */

// ---- Help centre (GET /app/problem/main) ----

export const faqQuerySchema = z.object({
  category_id: coercedId().optional(),
  keyword: textSchema.trim().max(30, '搜索词最多30个字').optional(),
  /** One article with its full answer (counts a view). */
  id: coercedId().optional(),
});
export type FaqQuery = z.infer<typeof faqQuerySchema>;

export const faqCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A short line under the name. */
  description: z.string(),
  count: z.number().int(),
});
export type FaqCategory = z.infer<typeof faqCategorySchema>;

export const faqSummarySchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  /** The answer's first sentence. */
  summary: z.string(),
});
export type FaqSummary = z.infer<typeof faqSummarySchema>;

export const faqArticleSchema = faqSummarySchema.extend({
  category_name: z.string(),
  /** The answer, paragraphs separated by a blank line. */
  content: z.string(),
  views: z.number().int(),
  related: z.array(faqSummarySchema),
});
export type FaqArticle = z.infer<typeof faqArticleSchema>;

export const faqMainSchema = z.object({
  categories: z.array(faqCategorySchema),
  hot: z.array(faqSummarySchema),
  /** The category's articles, or the keyword's matches; empty without either. */
  list: z.array(faqSummarySchema),
  article: faqArticleSchema.nullable(),
});
export type FaqMain = z.infer<typeof faqMainSchema>;

// ---- The service session, a process of the engine ----

export const serviceSessionStatuses = ['queued', 'assigned', 'transferred', 'closed'] as const;
export type ServiceSessionStatus = (typeof serviceSessionStatuses)[number];

/** Seconds a queued user waits before the system posts a reminder (and tells staff again). */
export const SERVICE_QUEUE_REMIND_SECONDS = 3 * 60;
/** Seconds after which an unanswered queue item closes by itself. */
export const SERVICE_QUEUE_EXPIRE_SECONDS = 30 * 60;

export const serviceSessionProcess = defineProcess({
  name: 'service_session',
  subjectLabel: '会话',
  states: serviceSessionStatuses,
  stateLabels: { queued: '排队中', assigned: '接待中', transferred: '已转接', closed: '已结束' },
  initial: 'queued',
  terminal: ['closed'],
  refusal: { errCode: ErrorCodes.SERVICE_SESSION_STATE_INVALID },
  ownObjectRefusal: { errCode: ErrorCodes.SERVICE_OWN_SESSION },
  guards: {
    assignee: { errCode: ErrorCodes.SERVICE_NOT_ASSIGNEE, message: '只有正在接待的客服可以操作该会话' },
    party: { errCode: ErrorCodes.SERVICE_NOT_ASSIGNEE, message: '只有会话用户或正在接待的客服可以结束会话' },
    target: { errCode: ErrorCodes.SERVICE_TRANSFER_TARGET_INVALID, message: '请选择另一位客服' },
  },
  transitions: {
    take: { from: 'queued', to: 'assigned', roles: ['customer_service'], label: '接入' },
    transfer: {
      from: ['assigned', 'transferred'],
      to: 'transferred',
      roles: ['customer_service'],
      guards: ['assignee', 'target'],
      label: '转接',
    },
    close: {
      from: ['assigned', 'transferred'],
      to: 'closed',
      roles: ['customer_service', 'owner'],
      guards: ['party'],
      label: '结束会话',
    },
    leave: { from: 'queued', to: 'closed', roles: ['owner'], label: '取消排队' },
    remind: {
      from: 'queued',
      roles: ['system'],
      afterSeconds: SERVICE_QUEUE_REMIND_SECONDS,
      label: '排队提醒',
    },
    expire: {
      from: 'queued',
      to: 'closed',
      roles: ['system'],
      afterSeconds: SERVICE_QUEUE_EXPIRE_SECONDS,
      label: '无人接待自动结束',
    },
  },
});
export type ServiceSessionAction = keyof typeof serviceSessionProcess.transitions;
/** What the user and the staff may press (timers are the system's). */
export const serviceSessionActions = ['take', 'transfer', 'close', 'leave'] as const;

export const serviceOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  title: z.string(),
  cover: z.string(),
  game_name: z.string(),
  price: z.string(),
  state: z.string(),
  state_label: z.string(),
  /** Whether the user bought or sold in it. */
  role: z.enum(['buyer', 'seller']),
  created_at: z.string(),
});
export type ServiceOrder = z.infer<typeof serviceOrderSchema>;

export const serviceOrderPageSchema = pageSchema(serviceOrderSchema);

export const serviceRequestSchema = z.object({
  /** The order the question is about (one of the user's own). */
  order_id: idSchema.optional(),
  question: textSchema.trim().max(200, '问题描述最多200字').default(''),
});
export type ServiceRequest = z.input<typeof serviceRequestSchema>;

export const serviceStaffSchema = z.object({ id: z.number().int(), nickname: z.string() });
export type ServiceStaff = z.infer<typeof serviceStaffSchema>;

export const serviceRatingTags = [
  '响应及时',
  '态度友好',
  '解答专业',
  '问题已解决',
  '回复太慢',
  '没解决问题',
] as const;

export const serviceRatingSchema = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  score: z.number().int(),
  tags: z.array(z.enum(serviceRatingTags)),
  content: z.string(),
  resolved: z.boolean(),
  staff: serviceStaffSchema,
  /** The staff's answer to the rating ('' until given). */
  reply: z.string(),
  created_at: z.string(),
});
export type ServiceRating = z.infer<typeof serviceRatingSchema>;

export const serviceSessionSchema = z.object({
  id: z.number().int(),
  status: z.enum(serviceSessionStatuses),
  status_label: z.string(),
  /** The caller's side: the user who asked, or staff. */
  viewer: z.enum(['user', 'staff']),
  question: z.string(),
  order: serviceOrderSchema.nullable(),
  /** 1 = next to be taken; null unless queued. */
  queue_position: z.number().int().nullable(),
  staff: serviceStaffSchema.nullable(),
  user_nickname: z.string(),
  /** The chat conversation of the session (messages go through the chat calls). */
  conversation_id: z.number().int().nullable(),
  /** What the caller may do now (from the process and who serves the session). */
  actions: z.array(z.enum(serviceSessionActions)),
  /** The user may still rate it. */
  can_rate: z.boolean(),
  rating: serviceRatingSchema.nullable(),
  created_at: z.string(),
  assigned_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type ServiceSession = z.infer<typeof serviceSessionSchema>;

export const serviceSessionQuerySchema = z.object({ id: coercedId() });
export const serviceSessionIdSchema = z.object({ id: idSchema });
export const serviceTransferSchema = z.object({
  id: idSchema,
  staff_id: idSchema,
  reason: textSchema.trim().max(100, '转接说明最多100字').default(''),
});
export type ServiceTransferRequest = z.input<typeof serviceTransferSchema>;

export const serviceQueueItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(serviceSessionStatuses),
  status_label: z.string(),
  user_nickname: z.string(),
  question: z.string(),
  order_title: z.string().nullable(),
  queue_position: z.number().int().nullable(),
  created_at: z.string(),
});
export type ServiceQueueItem = z.infer<typeof serviceQueueItemSchema>;

export const serviceQueueSchema = z.object({
  /** Waiting to be taken, oldest first. */
  queued: z.array(serviceQueueItemSchema),
  /** Sessions the caller serves now. */
  mine: z.array(serviceQueueItemSchema),
  /** Other staff the caller may transfer to. */
  staff: z.array(serviceStaffSchema),
});
export type ServiceQueue = z.infer<typeof serviceQueueSchema>;

export const serviceRatingRequestSchema = z.object({
  session_id: idSchema,
  score: z.number({ error: '请选择评分' }).int('请选择评分').min(1, '请选择评分').max(5, '评分最高5星'),
  tags: z
    .array(z.enum(serviceRatingTags, { error: '评价标签无效' }))
    .max(6)
    .default([]),
  content: textSchema.trim().max(200, '评价内容最多200字').default(''),
  resolved: z.boolean().default(false),
});
export type ServiceRatingRequest = z.input<typeof serviceRatingRequestSchema>;

export const serviceReplyRequestSchema = z.object({
  id: idSchema,
  reply: textSchema.trim().min(2, '回复至少2个字').max(200, '回复最多200字'),
});
export type ServiceReplyRequest = z.input<typeof serviceReplyRequestSchema>;

export const serviceRatingPageQuerySchema = pageQuerySchema;
export const serviceRatingPageSchema = pageSchema(serviceRatingSchema).extend({
  /** Average score of all listed ratings, '0.0' when none. */
  average: z.string(),
});
export type ServiceRatingPage = z.infer<typeof serviceRatingPageSchema>;

export const customerServicePaths = {
  faq: '/app/problem/main',
  main: '/app/customer_service/main',
  orders: '/app/customer_service/order/list',
  comment: '/app/customer_service/comment',
  commentPage: '/app/customer_service/comment/page',
  staffComment: '/app/service/comment',
  staffCommentPage: '/app/service/comment/page',
  // Not in SPEC §7 (docs/decisions.md): the session view and the staff's queue calls.
  session: '/app/customer_service/session',
  queue: '/app/customer_service/queue',
  take: '/app/customer_service/take',
  transfer: '/app/customer_service/transfer',
  close: '/app/customer_service/close',
  leave: '/app/customer_service/leave',
} as const;
