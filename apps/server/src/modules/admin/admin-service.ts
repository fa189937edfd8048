import { and, asc, eq, inArray } from 'drizzle-orm';
import { phoneSchema, roleSchema, roles, type Role } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { userRoles, users } from '../identity/tables.ts';
import { maskPhone } from '../identity/user-service.ts';
import { adminAudit } from './tables.ts';

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
const parseRole = (value: string | undefined): Role => {
  const parsed = roleSchema.safeParse(value);
  if (!parsed.success) throw new AdminCommandError(`角色无效：${value ?? '(缺少)'}，可选：${roles.join(', ')}`);
  return parsed.data;
};

export const adminUsage = `用法: npm run admin -- <命令>
  grant <手机号> <角色>     授予角色（${roles.join(' | ')}）
  revoke <手机号> <角色>    撤销角色
  roles <手机号>            查看某用户的角色
  users [--role <角色>]     列出用户（可按角色筛选）`;

/** The admin command line's operations; every run, refused or not, is written to admin_audit. */
export function createAdminService(db: Database, actor: string) {
  async function userByPhone(phone: string) {
    const [user] = await db.select().from(users).where(eq(users.phone, phone));
    if (!user) throw new AdminCommandError(`用户不存在：${phone}（该手机号需先登录一次）`);
    return user;
  }

  async function listUsers(role?: Role): Promise<AdminUserLine[]> {
    const ids = role
      ? (await db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, role))).map(({ id }) => id)
      : undefined;
    if (ids?.length === 0) return [];
    const rows = await db
      .select()
      .from(users)
      .where(ids ? inArray(users.id, ids) : undefined)
      .orderBy(asc(users.id))
      .limit(500);
    const roleRows = rows.length
      ? await db.select().from(userRoles).where(inArray(userRoles.userId, rows.map((row) => row.id)))
      : [];
    return rows.map((row) => ({
      id: row.id,
      phone: maskPhone(row.phone),
      nickname: row.nickname,
      status: row.status,
      roles: roleRows.filter((r) => r.userId === row.id).map((r) => parseRole(r.role)),
    }));
  }

  async function execute(args: string[]): Promise<string> {
    const [command, first, second] = args;
    switch (command) {
      case 'grant': {
        const user = await userByPhone(parsePhone(first));
        const role = parseRole(second);
        await db.insert(userRoles).values({ userId: user.id, role }).onConflictDoNothing();
        return `已授予 ${maskPhone(user.phone)} 角色 ${role}`;
      }
      case 'revoke': {
        const user = await userByPhone(parsePhone(first));
        const role = parseRole(second);
        const removed = await db
          .delete(userRoles)
          .where(and(eq(userRoles.userId, user.id), eq(userRoles.role, role)))
          .returning();
        if (removed.length === 0) throw new AdminCommandError(`${maskPhone(user.phone)} 没有角色 ${role}`);
        return `已撤销 ${maskPhone(user.phone)} 的角色 ${role}`;
      }
      case 'roles': {
        const user = await userByPhone(parsePhone(first));
        const [line] = (await listUsers()).filter((u) => u.id === user.id);
        return `${maskPhone(user.phone)} ${user.nickname}：${line?.roles.join(', ') || '（无角色）'}`;
      }
      case 'users': {
        const role = first === '--role' ? parseRole(second) : undefined;
        const lines = await listUsers(role);
        if (lines.length === 0) return '（没有用户）';
        return lines
          .map((u) => `${String(u.id).padStart(6)}  ${u.phone}  ${u.status.padEnd(8)}  ${u.nickname}  [${u.roles.join(', ')}]`)
          .join('\n');
      }
      case 'help':
      case undefined:
        return adminUsage;
      default:
        throw new AdminCommandError(`未知命令：${command}\n${adminUsage}`);
    }
  }

  /** Runs one command and audits it. Returns the text to print; rethrows refusals after auditing. */
  async function run(args: string[]): Promise<string> {
    try {
      const output = await execute(args);
      await db.insert(adminAudit).values({ actor, command: args[0] ?? '', args, outcome: 'ok', detail: output.slice(0, 2000) });
      return output;
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      await db.insert(adminAudit).values({ actor, command: args[0] ?? '', args, outcome: 'refused', detail: detail.slice(0, 2000) });
      throw error;
    }
  }

  return { run, listUsers };
}
