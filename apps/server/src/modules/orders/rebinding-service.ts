import { and, asc, eq } from 'drizzle-orm';
import { ErrorCodes, type AttributeValues, type OrderRole, type RebindingStep } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderListings } from '../goods/index.ts';
import { orderRebindingSteps } from './handover-tables.ts';
import type { OrderRow } from './order-money.ts';

interface StepDraft {
  key: string;
  label: string;
  hint: string;
  required: boolean;
}

const linkLabels: Record<string, string> = { qq: 'QQ', wechat: '微信', tap: 'TapTap' };
/** Binding keys that describe the account but are no step of their own. */
const notSteps = new Set(['phone', 'email', 'real_name', 'can_rebind', 'rebind_cooldown_days']);

/**
 * The checklist of a listing's bindings (the catalogue's binding fields, game-catalogue.ts): the
 * password always; the phone, the e-mail and each social login that is bound; a second real-name
 * where the game allows one; the security questions, which listings do not record, as optional.
 */
export function checklistOf(bindings: AttributeValues): StepDraft[] {
  const steps: StepDraft[] = [
    {
      key: 'password',
      label: '修改登录密码',
      hint: '登录后立即修改密码，卖家所知的旧密码作废',
      required: true,
    },
  ];
  const cooldown = Number(bindings.rebind_cooldown_days ?? 0);
  const phone = bindings.phone;
  if (typeof phone === 'string' && phone !== 'none')
    steps.push({
      key: 'phone',
      label: '换绑手机',
      hint: `${phone === 'verify' ? '换绑需原手机验证码，请与卖家约定时间；' : ''}在游戏安全中心换成您的手机号${
        cooldown > 0 ? `（换绑冷却期${cooldown}天）` : ''
      }`,
      required: true,
    });
  if (typeof bindings.email === 'string' && bindings.email !== 'none')
    steps.push({ key: 'email', label: '换绑邮箱', hint: '将绑定邮箱换成您的邮箱', required: true });
  if (bindings.real_name === 'second_ok')
    steps.push({
      key: 'real_name',
      label: '二次实名',
      hint: '用您本人的身份信息完成二次实名认证',
      required: true,
    });
  if (bindings.real_name === 'second_no')
    steps.push({
      key: 'real_name',
      label: '确认实名情况',
      hint: '该账号不可二次实名，实名信息仍为原主，请知悉风险',
      required: false,
    });
  for (const [key, value] of Object.entries(bindings))
    if (!notSteps.has(key) && value === 'bound') {
      const label = linkLabels[key] ?? key;
      steps.push({
        key: `link_${key}`,
        label: `解除${label}关联`,
        hint: `解除原主的${label}关联，或换成您的${label}`,
        required: true,
      });
    }
  steps.push({
    key: 'security',
    label: '修改密保问题',
    hint: '如账号设有密保问题，请改为您自己的',
    required: false,
  });
  return steps;
}

/** Writes the checklist of an order once, from its listing's bindings (idempotent). */
export async function ensureChecklist(tx: Executor, order: OrderRow, listings: OrderListings): Promise<void> {
  const [existing] = await tx
    .select({ key: orderRebindingSteps.key })
    .from(orderRebindingSteps)
    .where(eq(orderRebindingSteps.orderId, order.id))
    .limit(1);
  if (existing) return;
  const listing = await listings.forQuote(tx, order.goodsId);
  const steps = checklistOf(listing?.row.bindings ?? {});
  await tx
    .insert(orderRebindingSteps)
    .values(steps.map((step, position) => ({ orderId: order.id, position, ...step })))
    .onConflictDoNothing();
}

export async function checklist(executor: Executor, orderId: number): Promise<RebindingStep[]> {
  const rows = await executor
    .select()
    .from(orderRebindingSteps)
    .where(eq(orderRebindingSteps.orderId, orderId))
    .orderBy(asc(orderRebindingSteps.position));
  return rows.map((row) => ({
    key: row.key,
    label: row.label,
    hint: row.hint,
    required: row.required,
    seller_done_at: row.sellerDoneAt?.toISOString() ?? null,
    seller_note: row.sellerNote,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
  }));
}

/** The `rebinding_done` guard: every required step confirmed. */
export async function rebindingDone(
  tx: Executor,
  order: OrderRow,
  listings: OrderListings,
): Promise<boolean> {
  await ensureChecklist(tx, order, listings);
  return (await checklist(tx, order.id)).every((step) => !step.required || step.confirmed_at !== null);
}

const stepWhere = (orderId: number, key: string) =>
  and(eq(orderRebindingSteps.orderId, orderId), eq(orderRebindingSteps.key, key));

/**
 * The buyer (or staff, who may rebind for the buyer) confirms a step, or the seller marks it done
 * with a note; both only while the order is rebinding (its lock is held by the caller).
 */
export async function markStep(
  tx: Executor,
  order: OrderRow,
  role: OrderRole,
  input: { userId: number; step: string; note?: string | undefined; at: Date; listings: OrderListings },
): Promise<void> {
  if (order.state !== 'rebinding') throw new AppError(ErrorCodes.ORDER_STATE_INVALID);
  await ensureChecklist(tx, order, input.listings);
  const change =
    role === 'seller'
      ? { sellerDoneAt: input.at, sellerNote: input.note ?? '' }
      : { confirmedAt: input.at, confirmedBy: input.userId };
  const updated = await tx
    .update(orderRebindingSteps)
    .set(change)
    .where(stepWhere(order.id, input.step))
    .returning({ key: orderRebindingSteps.key });
  if (updated.length === 0) throw new AppError(ErrorCodes.ORDER_REBINDING_STEP_NOT_FOUND);
}
