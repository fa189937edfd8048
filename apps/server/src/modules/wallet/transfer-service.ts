import {
  ErrorCodes,
  fenToAmount,
  TRANSFER_DAILY_COUNT_LIMIT,
  TRANSFER_DAILY_LIMIT_FEN,
  TRANSFER_SINGLE_LIMIT_FEN,
  type TransferMain,
  type TransferRecipient,
  type TransferResult,
} from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { startOfChinaDay } from '../../lib/time.ts';
import { findUser, maskPhone } from '../identity/index.ts';
import { debitedSince, ledger } from '../ledger/index.ts';
import { assertRealNameVerified, isRealNameVerified, verifiedNameMasked } from '../real-name/index.ts';
import { lockForTransaction } from '../../lib/locks.ts';

/** Balance transfers between users (余额转出): user_available → the other user's user_available. */

export const TRANSFER_KIND = 'wallet.transfer';

export const transferRules = [
  '仅可转给本平台已注册的用户，请核对对方手机号与姓名',
  '转出前须完成实名认证；转账免手续费，实时到账',
  `单笔不超过 ${fenToAmount(TRANSFER_SINGLE_LIMIT_FEN)} 元，每日累计不超过 ${fenToAmount(TRANSFER_DAILY_LIMIT_FEN)} 元、${TRANSFER_DAILY_COUNT_LIMIT} 笔`,
  '转账成功后无法撤回，请勿向陌生人转账，谨防诈骗',
];

interface Party {
  id: number;
  phoneMasked: string;
  nameMasked: string;
}

/** Nicknames are masked like names: the first character and two stars. */
const maskNickname = (nickname: string) => `${Array.from(nickname)[0] ?? ''}**`;

async function partyOf(db: Executor, where: { phone: string } | { id: number }): Promise<Party | null> {
  const row = await findUser(db, where);
  if (!row || row.status !== 'active') return null;
  return {
    id: row.id,
    phoneMasked: maskPhone(row.phone),
    nameMasked: (await verifiedNameMasked(db, row.id)) ?? maskNickname(row.nickname),
  };
}

const recipientView = (party: Party): TransferRecipient => ({
  phone_masked: party.phoneMasked,
  name_masked: party.nameMasked,
});

/** The recipient a phone names; refuses unknown or disabled accounts (4003) and the payer (4002). */
async function recipientFor(db: Executor, payerId: number, phone: string): Promise<Party> {
  const recipient = await partyOf(db, { phone });
  if (!recipient) throw new AppError(ErrorCodes.WALLET_RECIPIENT_NOT_FOUND);
  if (recipient.id === payerId) throw new AppError(ErrorCodes.WALLET_TRANSFER_TO_SELF);
  return recipient;
}

const usedToday = (db: Executor, payerId: number, now: Date) =>
  debitedSince(db, {
    debit: { kind: 'user_available', userId: payerId },
    kind: TRANSFER_KIND,
    since: startOfChinaDay(now),
  });

export async function transferMain(
  db: Executor,
  payerId: number,
  phone: string | undefined,
  now: Date,
): Promise<TransferMain> {
  const [balances, used, verified, recipient] = await Promise.all([
    ledger.balances(db, payerId),
    usedToday(db, payerId, now),
    isRealNameVerified(db, payerId),
    phone ? recipientFor(db, payerId, phone) : Promise.resolve(null),
  ]);
  return {
    available: fenToAmount(balances.available),
    fee: '0.00',
    single_limit: fenToAmount(TRANSFER_SINGLE_LIMIT_FEN),
    daily_limit: fenToAmount(TRANSFER_DAILY_LIMIT_FEN),
    daily_used: fenToAmount(used.amount),
    daily_count_limit: TRANSFER_DAILY_COUNT_LIMIT,
    daily_count_used: used.count,
    real_name_verified: verified,
    rules: transferRules,
    recipient: recipient ? recipientView(recipient) : null,
  };
}

export interface TransferCommand {
  payerId: number;
  phone: string;
  /** Fen. */
  amount: number;
  remark: string | undefined;
  /** The request's Idempotency-Key: the ledger posts one transfer per payer and key. */
  requestKey: string;
}

/**
 * Moves `amount` from the payer's available balance to the recipient's, in one transaction:
 * real-name check (4301), recipient (4003/4002), limits (4004/4005, counted under a per-payer lock
 * so parallel transfers cannot pass the daily limit together), then one ledger transfer (4001 when
 * the balance is short). Any refusal rolls everything back.
 */
export async function transfer(db: Executor, command: TransferCommand, now: Date): Promise<TransferResult> {
  const { payerId, amount } = command;
  return db.transaction(async (tx) => {
    await assertRealNameVerified(tx, payerId);
    const recipient = await recipientFor(tx, payerId, command.phone);
    if (amount > TRANSFER_SINGLE_LIMIT_FEN) throw new AppError(ErrorCodes.WALLET_TRANSFER_SINGLE_LIMIT);
    await lockForTransaction(tx, `wallet.transfer:${payerId}`);
    const used = await usedToday(tx, payerId, now);
    if (used.count >= TRANSFER_DAILY_COUNT_LIMIT) {
      throw new AppError(
        ErrorCodes.WALLET_TRANSFER_DAILY_LIMIT,
        `今日已转账 ${used.count} 笔，达到每日 ${TRANSFER_DAILY_COUNT_LIMIT} 笔上限，请明天再试`,
      );
    }
    if (used.amount + amount > TRANSFER_DAILY_LIMIT_FEN) {
      throw new AppError(
        ErrorCodes.WALLET_TRANSFER_DAILY_LIMIT,
        `今日还可转出 ${fenToAmount(TRANSFER_DAILY_LIMIT_FEN - used.amount)} 元`,
      );
    }
    const payer = await partyOf(tx, { id: payerId });
    if (!payer) throw new AppError(ErrorCodes.ACCOUNT_DISABLED);
    const posted = await ledger.post(tx, {
      debit: { kind: 'user_available', userId: payerId },
      credit: { kind: 'user_available', userId: recipient.id },
      amount,
      kind: TRANSFER_KIND,
      reference: { type: 'wallet_transfer', id: `${payerId}:${command.requestKey}` },
      idempotencyKey: `wallet.transfer:${payerId}:${command.requestKey}`,
      metadata: {
        from_user_id: payerId,
        to_user_id: recipient.id,
        from_phone_masked: payer.phoneMasked,
        from_name_masked: payer.nameMasked,
        to_phone_masked: recipient.phoneMasked,
        to_name_masked: recipient.nameMasked,
        ...(command.remark ? { remark: command.remark } : {}),
      },
    });
    const { available } = await ledger.balances(tx, payerId);
    return {
      bill_id: posted.id,
      amount: fenToAmount(amount),
      available: fenToAmount(available),
      recipient: recipientView(recipient),
      created_at: posted.createdAt.toISOString(),
    };
  });
}
