import { and, count, desc, eq, gte, isNull } from 'drizzle-orm';
import {
  ErrorCodes,
  SMS_CODE_TTL_SECONDS,
  SMS_DAILY_LIMIT_PER_IP,
  SMS_DAILY_LIMIT_PER_PHONE,
  SMS_MAX_WRONG_ATTEMPTS,
  SMS_RESEND_COOLDOWN_SECONDS,
  type SmsResponse,
  type SmsScene,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockForTransaction } from '../../lib/locks.ts';
import { hmac, randomDigits, safeEqual } from '../../lib/crypto.ts';
import { addSeconds, startOfChinaDay } from '../../lib/time.ts';
import type { SmsProvider } from './sms-provider.ts';
import { smsCodes } from './tables.ts';

const sceneText: Record<SmsScene, string> = {
  login: '登录',
  bind_phone: '绑定手机',
  sign: '签署交易协议',
  destroy_account: '注销账号',
};

export interface SmsServiceDeps {
  db: Database;
  provider: SmsProvider;
  secret: string;
  brandName: string;
  now?: () => Date;
}

/** OTP rules of OWASP ASVS 5.0 §6: 5-minute life, single use, bound to phone and scene, 5 wrong tries. */
export function createSmsService(deps: SmsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const hashCode = (phone: string, scene: string, code: string) =>
    hmac(deps.secret, `${phone}|${scene}|${code}`);
  const lockPhone = (executor: Executor, phone: string) => lockForTransaction(executor, `sms:${phone}`);

  async function sendCode(input: { phone: string; scene: SmsScene; ip: string }): Promise<SmsResponse> {
    return deps.db.transaction(async (tx) => {
      await lockPhone(tx, input.phone);
      const at = now();
      const [latest] = await tx
        .select({ createdAt: smsCodes.createdAt })
        .from(smsCodes)
        .where(eq(smsCodes.phone, input.phone))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      if (latest) {
        const waitSeconds = Math.ceil(
          (latest.createdAt.getTime() + SMS_RESEND_COOLDOWN_SECONDS * 1000 - at.getTime()) / 1000,
        );
        if (waitSeconds > 0) {
          throw new AppError(ErrorCodes.SMS_RESEND_COOLDOWN, `验证码发送太频繁，请${waitSeconds}秒后再试`, {
            data: { cooldown: waitSeconds },
          });
        }
      }
      const dayStart = startOfChinaDay(at);
      const [phoneCount] = await tx
        .select({ value: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, input.phone), gte(smsCodes.createdAt, dayStart)));
      if ((phoneCount?.value ?? 0) >= SMS_DAILY_LIMIT_PER_PHONE)
        throw new AppError(ErrorCodes.SMS_PHONE_DAILY_LIMIT);
      // Parallel sends to different phones from one address would each see the address under its cap.
      // Always taken after the phone's lock, so the two locks cannot deadlock.
      await lockForTransaction(tx, `sms:ip:${input.ip}`);
      const [ipCount] = await tx
        .select({ value: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.ip, input.ip), gte(smsCodes.createdAt, dayStart)));
      if ((ipCount?.value ?? 0) >= SMS_DAILY_LIMIT_PER_IP) throw new AppError(ErrorCodes.SMS_IP_DAILY_LIMIT);

      await tx
        .update(smsCodes)
        .set({ closedAt: at })
        .where(
          and(eq(smsCodes.phone, input.phone), eq(smsCodes.scene, input.scene), isNull(smsCodes.closedAt)),
        );
      const code = randomDigits(6);
      await tx.insert(smsCodes).values({
        phone: input.phone,
        scene: input.scene,
        codeHash: hashCode(input.phone, input.scene, code),
        ip: input.ip,
        expiresAt: addSeconds(at, SMS_CODE_TTL_SECONDS),
        createdAt: at,
      });
      const minutes = SMS_CODE_TTL_SECONDS / 60;
      await deps.provider.send(
        {
          phone: input.phone,
          scene: input.scene,
          content: `【${deps.brandName}】您的${sceneText[input.scene]}验证码是${code}，${minutes}分钟内有效。如非本人操作，请忽略本短信。`,
        },
        tx,
      );
      return { cooldown: SMS_RESEND_COOLDOWN_SECONDS, expires_in: SMS_CODE_TTL_SECONDS };
    });
  }

  /**
   * Checks a code inside the caller's transaction and closes it when right. A wrong try is counted
   * and must survive the caller's rollback, so it is returned as a failure instead of thrown.
   */
  async function consumeCode(
    tx: Executor,
    input: { phone: string; scene: SmsScene; code: string },
  ): Promise<{ ok: true } | { ok: false; error: AppError }> {
    await lockPhone(tx, input.phone);
    const at = now();
    const [active] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, input.phone), eq(smsCodes.scene, input.scene), isNull(smsCodes.closedAt)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (!active) return { ok: false, error: new AppError(ErrorCodes.SMS_CODE_NOT_SENT) };
    if (active.expiresAt.getTime() <= at.getTime()) {
      await tx.update(smsCodes).set({ closedAt: at }).where(eq(smsCodes.id, active.id));
      return { ok: false, error: new AppError(ErrorCodes.SMS_CODE_EXPIRED) };
    }
    if (safeEqual(active.codeHash, hashCode(input.phone, input.scene, input.code))) {
      await tx.update(smsCodes).set({ closedAt: at }).where(eq(smsCodes.id, active.id));
      return { ok: true };
    }
    const wrongAttempts = active.wrongAttempts + 1;
    const exhausted = wrongAttempts >= SMS_MAX_WRONG_ATTEMPTS;
    await tx
      .update(smsCodes)
      .set({ wrongAttempts, closedAt: exhausted ? at : null })
      .where(eq(smsCodes.id, active.id));
    if (exhausted) return { ok: false, error: new AppError(ErrorCodes.SMS_CODE_TOO_MANY_ATTEMPTS) };
    const left = SMS_MAX_WRONG_ATTEMPTS - wrongAttempts;
    return { ok: false, error: new AppError(ErrorCodes.SMS_CODE_WRONG, `验证码错误，还可尝试${left}次`) };
  }

  return { sendCode, consumeCode };
}

export type SmsService = ReturnType<typeof createSmsService>;
