import { z } from 'zod';
import { textSchema } from './primitives.ts';

export const feedbackCategories = ['feature_request', 'bug', 'trade', 'account', 'other'] as const;
export const feedbackCategoryLabels: Record<(typeof feedbackCategories)[number], string> = {
  feature_request: '功能建议',
  bug: '页面问题',
  trade: '交易问题',
  account: '账号问题',
  other: '其他',
};
export const FEEDBACK_DAILY_LIMIT = 20;
export const FEEDBACK_MAX_IMAGES = 4;

export const feedbackRequestSchema = z.object({
  content: textSchema.trim().min(2, '反馈内容至少2个字').max(500, '反馈内容最多500字'),
  category: z.enum(feedbackCategories, { error: '请选择反馈类型' }),
  /** The in-app page the feedback is about, e.g. "/wallet". */
  page: textSchema
    .trim()
    .max(200)
    .regex(/^(\/[\w\-./?=&%]*)?$/, '页面地址无效')
    .default(''),
  contact: textSchema.trim().max(50, '联系方式最多50字').default(''),
  /** Upload keys of purpose feedback (screenshots of the problem). */
  images: z
    .array(textSchema.min(1).max(300))
    .max(FEEDBACK_MAX_IMAGES, `最多上传${FEEDBACK_MAX_IMAGES}张截图`)
    .default([]),
});
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const feedbackItemSchema = z.object({
  id: z.number().int(),
  category: z.enum(feedbackCategories),
  content: z.string(),
  page: z.string(),
  status: z.enum(['open', 'replied', 'closed']),
  reply: z.string(),
  /** Screenshot URLs. */
  images: z.array(z.string()),
  created_at: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
