import { randomUUID } from 'node:crypto';
import {
  amountToFen,
  checkAmount,
  fenToAmount,
  idQuerySchema,
  phoneSchema,
  roleSchema,
  roles,
  type Role,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  changeUserStatus,
  findUser,
  grantRole,
  listUserRows,
  maskPhone,
  revokeRole,
  rolesByUser,
  userIdsWithRole,
  type SessionService,
  type UserRow,
} from '../identity/index.ts';
import { ledger } from '../ledger/index.ts';
import { adminAudit } from './tables.ts';
import { addSearchAlias, loadSearchAliases, removeSearchAlias } from '../goods/index.ts';
import { resealCredentials } from '../orders/index.ts';

export class AdminCommandError extends Error {}

export interface AdminUserLine {
  id: number;
  phone: string;
  nickname: string;
  status: string;
  roles: Role[];
}

const parsePhone = (value: string | undefined) => {
  const parsed = phoneSchema.safeParse(value);
  if (!parsed.success) throw new AdminCommandError(`手机号无效：${value ?? '(缺少)'}`);
  return parsed.data;
};
/** `disable` / `enable` name the account by phone, or by user id (a cancelled account has no phone). */
const parseUserRef = (value: string | undefined): { phone: string } | { id: number } => {
  const phone = phoneSchema.safeParse(value);
  if (phone.success) return { phone: phone.data };
  const id = /^[1-9]\d*$/.test(value ?? '') ? idQuerySchema.safeParse(value) : undefined;
  if (id?.success) return { id: id.data };
  throw new AdminCommandError(`手机号或用户编号无效：${value ?? '(缺少)'}`);
};
const parseRole = (value: string | undefined): Role => {
  const parsed = roleSchema.safeParse(value);
  if (!parsed.success)
    throw new AdminCommandError(`角色无效：${value ?? '(缺少)'}，可选：${roles.join(', ')}`);
  return parsed.data;
};
const parseAmount = (value: string | undefined) => {
  const amount = checkAmount(value);
  if (amount === undefined)
    throw new AdminCommandError(
      `金额无效：${value ?? '(缺少)'}（以元为单位，大于 0，最多两位小数，如 100.00）`,
    );
  return amountToFen(amount);
};

/** `--name value` options after the positional arguments. */
function parseOptions(args: string[], allowed: readonly string[]): Map<string, string> {
  const options = new Map<string, string>();
  for (let index = 0; index < args.length; index += 2) {
    const [name, value] = [args[index] ?? '', args[index + 1]];
    if (!allowed.includes(name) || value === undefined)
      throw new AdminCommandError(`无法识别的参数：${args.slice(index).join(' ')}`);
    options.set(name, value);
  }
  return options;
}

export const adminUsage = `用法: npm run admin -- <命令>
  grant <手机号> <角色>     授予角色（${roles.join(' | ')}）
  revoke <手机号> <角色>    撤销角色
  roles <手机号>            查看某用户的角色
  disable <手机号|用户编号> <原因>
                            停用账号：结束其全部登录会话，此后无法登录（原因记入审计）
  enable <手机号|用户编号>  启用被停用的账号：需重新登录
  users [--role <角色>]     列出用户（可按角色筛选）
  balance <手机号>          查看可用与冻结余额
  credit <手机号> <金额> --reason "<原因>" [--key <请求编号>]
                            人工调账：从调账账户向用户可用余额入账（金额以元计，如 100.00）
  debit <手机号> <金额> --reason "<原因>" [--key <请求编号>]
                            人工调账：从用户可用余额扣回到调账账户（不能扣成负数）
  同一 --key 重复执行只记一次账；不给 --key 时每次执行都是一笔新调账。
  aliases                   列出搜索别名
  alias-add <别名> <展开词> [--game <游戏名或编号>]
                            添加搜索别名（如 wzry 王者荣耀 --game 王者荣耀）；带 --game 时该游戏的商品排在前面
  alias-remove <别名>       删除搜索别名（服务器一分钟内生效）
  reseal-credentials        轮换密钥后：用 ORDER_CREDENTIALS_KEYS 的第一把密钥重新加密全部订单账号资料
                            （全部成功才提交；之后可从密钥环中移除旧密钥）`;

/**
 * The admin command line's operations. A command and its audit row commit together (a manual
 * adjustment never moves money unaudited); a refused command is audited after its rollback.
 */
export interface AdminServiceOptions {
  /** The ORDER_CREDENTIALS_KEYS ring, for reseal-credentials. */
  credentialsKeys?: string;
  /** For disable / enable: ends the account's sessions and tells the servers (`openAdminSessions`). */
  sessions?: Pick<SessionService, 'revokeAllOf' | 'ended'>;
}

export function createAdminService(db: Database, actor: string, options: AdminServiceOptions = {}) {
  async function userByPhone(executor: Executor, phone: string) {
    const user = await findUser(executor, { phone });
    if (!user) throw new AdminCommandError(`用户不存在：${phone}（该手机号需先登录一次）`);
    return user;
  }

  /** The account `disable` / `enable` name; a cancelled one is refused, it is no one's any more. */
  async function accountFor(executor: Executor, value: string | undefined, verb: string): Promise<UserRow> {
    const ref = parseUserRef(value);
    const user = 'phone' in ref ? await userByPhone(executor, ref.phone) : await findUser(executor, ref);
    if (!user) throw new AdminCommandError(`用户不存在：#${value ?? ''}`);
    if (user.status === 'cancelled') throw new AdminCommandError(`用户 #${user.id} 已注销，不能${verb}`);
    return user;
  }

  const sessionsFor = (command: string) => {
    if (!options.sessions) throw new Error(`admin ${command}: no session service given`);
    return options.sessions;
  };

  async function disable(tx: Executor, args: string[], afterCommit: Array<() => void>): Promise<string> {
    const sessions = sessionsFor('disable');
    const user = await accountFor(tx, args[0], '停用');
    const reason = args.slice(1).join(' ').trim();
    if (!reason || reason.length > 200)
      throw new AdminCommandError('请写明停用原因（不超过 200 字）：disable <手机号|用户编号> <原因>');
    const name = `${maskPhone(user.phone)}（用户 #${user.id}）`;
    if (!(await changeUserStatus(tx, user.id, 'active', 'disabled')))
      throw new AdminCommandError(`${name} 已是停用状态`);
    const ended = await sessions.revokeAllOf(tx, user.id);
    afterCommit.push(() => sessions.ended(user.id));
    return `已停用 ${name}，结束 ${ended} 个登录会话，其在售和审核中的商品将在一分钟内下架，未付款的订单关闭，已付款未交付的订单退款给买家；原因：${reason}`;
  }

  async function enable(tx: Executor, args: string[]): Promise<string> {
    const sessions = sessionsFor('enable');
    const user = await accountFor(tx, args[0], '启用');
    const name = `${maskPhone(user.phone)}（用户 #${user.id}）`;
    if (!(await changeUserStatus(tx, user.id, 'disabled', 'active')))
      throw new AdminCommandError(`${name} 未被停用`);
    // A login that read the account just before the disable committed may still have created a
    // session (refused at every request while disabled): it must not come back to life now.
    await sessions.revokeAllOf(tx, user.id);
    return `已启用 ${name}，需重新登录`;
  }

  async function listUsers(executor: Executor, role?: Role): Promise<AdminUserLine[]> {
    const ids = role ? await userIdsWithRole(executor, role) : undefined;
    if (ids?.length === 0) return [];
    const rows = await listUserRows(executor, { ids, limit: 500 });
    const roles = await rolesByUser(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      phone: maskPhone(row.phone),
      nickname: row.nickname,
      status: row.status,
      roles: roles.get(row.id) ?? [],
    }));
  }

  /** credit: adjustments → the user's available balance; debit: the way back. */
  async function adjust(tx: Executor, direction: 'credit' | 'debit', args: string[]): Promise<string> {
    const [phoneArg, amountArg, ...rest] = args;
    const user = await userByPhone(tx, parsePhone(phoneArg));
    const amount = parseAmount(amountArg);
    const options = parseOptions(rest, ['--reason', '--key']);
    const reason = options.get('--reason')?.trim() ?? '';
    if (!reason || reason.length > 200)
      throw new AdminCommandError('请用 --reason "<原因>" 写明调账原因（不超过 200 字）');
    const key = options.get('--key') ?? randomUUID();
    const userAccount = { kind: 'user_available', userId: user.id } as const;
    const adjustments = { kind: 'adjustments' } as const;
    // Read first: after a refused posting the transaction is unusable.
    const before = await ledger.balances(tx, user.id);
    let transfer: ledger.Transfer;
    try {
      transfer = await ledger.post(tx, {
        debit: direction === 'credit' ? adjustments : userAccount,
        credit: direction === 'credit' ? userAccount : adjustments,
        amount,
        kind: `manual.${direction}`,
        reference: { type: 'manual_adjustment', id: key },
        idempotencyKey: `admin:${key}`,
        metadata: { reason, actor },
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AdminCommandError(
        `${error.message}：${maskPhone(user.phone)} 可用余额 ${fenToAmount(before.available)} 元`,
      );
    }
    const { available } = await ledger.balances(tx, user.id);
    const verb = direction === 'credit' ? '入账' : '扣回';
    const done = transfer.replayed
      ? `请求编号 ${key} 已执行过，未重复${verb}`
      : `已${verb} ${fenToAmount(amount)} 元`;
    return `${maskPhone(user.phone)}：${done}（流水 #${transfer.id}，请求编号 ${key}），可用余额 ${fenToAmount(available)} 元`;
  }

  async function reseal(tx: Executor): Promise<string> {
    if (!options.credentialsKeys) throw new AdminCommandError('未配置 ORDER_CREDENTIALS_KEYS');
    try {
      const outcome = await resealCredentials(tx, options.credentialsKeys);
      return `已用密钥 ${outcome.currentKeyId} 重新加密 ${outcome.resealed} 条订单账号资料（共 ${outcome.total} 条，现全部使用该密钥）`;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AdminCommandError(
        `重新加密失败，未做任何修改：${error instanceof Error ? error.message : String(error)}（旧密钥须仍在 ORDER_CREDENTIALS_KEYS 中）`,
      );
    }
  }

  /** `afterCommit`: what the command leaves to do once its transaction committed. */
  async function execute(tx: Executor, args: string[], afterCommit: Array<() => void>): Promise<string> {
    const [command, first, second] = args;
    switch (command) {
      case 'grant': {
        const user = await userByPhone(tx, parsePhone(first));
        const role = parseRole(second);
        await grantRole(tx, user.id, role);
        return `已授予 ${maskPhone(user.phone)} 角色 ${role}`;
      }
      case 'revoke': {
        const user = await userByPhone(tx, parsePhone(first));
        const role = parseRole(second);
        const removed = await revokeRole(tx, user.id, role);
        if (!removed) throw new AdminCommandError(`${maskPhone(user.phone)} 没有角色 ${role}`);
        return `已撤销 ${maskPhone(user.phone)} 的角色 ${role}`;
      }
      case 'roles': {
        const user = await userByPhone(tx, parsePhone(first));
        const [line] = (await listUsers(tx)).filter((u) => u.id === user.id);
        return `${maskPhone(user.phone)} ${user.nickname}：${line?.roles.join(', ') || '（无角色）'}`;
      }
      case 'disable':
        return disable(tx, args.slice(1), afterCommit);
      case 'enable':
        return enable(tx, args.slice(1));
      case 'users': {
        const role = first === '--role' ? parseRole(second) : undefined;
        const lines = await listUsers(tx, role);
        if (lines.length === 0) return '（没有用户）';
        return lines
          .map(
            (u) =>
              `${String(u.id).padStart(6)}  ${u.phone}  ${u.status.padEnd(8)}  ${u.nickname}  [${u.roles.join(', ')}]`,
          )
          .join('\n');
      }
      case 'balance': {
        const user = await userByPhone(tx, parsePhone(first));
        const { available, frozen } = await ledger.balances(tx, user.id);
        return `${maskPhone(user.phone)}：可用 ${fenToAmount(available)} 元，冻结 ${fenToAmount(frozen)} 元`;
      }
      case 'credit':
      case 'debit':
        return adjust(tx, command, args.slice(1));
      case 'aliases': {
        const rows = await loadSearchAliases(tx);
        if (rows.length === 0) return '（没有别名）';
        return rows
          .map(
            (row) =>
              `${row.alias.padEnd(12)} → ${row.expansion}${row.gameId ? `  [游戏 #${row.gameId}]` : ''}`,
          )
          .join('\n');
      }
      case 'alias-add': {
        const options = parseOptions(args.slice(3), ['--game']);
        const change = await addSearchAlias(tx, {
          alias: first ?? '',
          expansion: second ?? '',
          game: options.get('--game') ?? null,
          actor,
        });
        if (change.kind === 'invalid') throw new AdminCommandError(change.reason);
        if (change.kind === 'taken')
          throw new AdminCommandError(
            `别名 ${change.alias.alias} 已存在：→ ${change.alias.expansion}（先 alias-remove）`,
          );
        return `已添加别名 ${change.alias.alias} → ${change.alias.expansion}（服务器一分钟内生效）`;
      }
      case 'alias-remove': {
        if (!(await removeSearchAlias(tx, first ?? '')))
          throw new AdminCommandError(`别名不存在：${first ?? ''}`);
        return `已删除别名 ${first ?? ''}`;
      }
      case 'reseal-credentials':
        return reseal(tx);
      case 'help':
      case undefined:
        return adminUsage;
      default:
        throw new AdminCommandError(`未知命令：${command}\n${adminUsage}`);
    }
  }

  /** Runs one command and audits it. Returns the text to print; rethrows refusals after auditing. */
  async function run(args: string[]): Promise<string> {
    const audit = (outcome: 'ok' | 'refused', detail: string) => ({
      actor,
      command: args[0] ?? '',
      args,
      outcome,
      detail: detail.slice(0, 2000),
    });
    const afterCommit: Array<() => void> = [];
    let output: string;
    try {
      output = await db.transaction(async (tx) => {
        const done = await execute(tx, args, afterCommit);
        await tx.insert(adminAudit).values(audit('ok', done));
        return done;
      });
    } catch (error) {
      await db
        .insert(adminAudit)
        .values(audit('refused', error instanceof Error ? error.message : String(error)));
      throw error;
    }
    for (const task of afterCommit) task();
    return output;
  }

  return { run, listUsers: (role?: Role) => listUsers(db, role) };
}
