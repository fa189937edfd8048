import { eq, inArray, sql } from 'drizzle-orm';
import { roleSchema, type Role, type User } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { builtOnce } from '../../lib/sql-rows.ts';
import { userRoles, users } from './tables.ts';

export type UserRow = typeof users.$inferSelect;

export const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

export async function findOrCreateUser(
  executor: Executor,
  phone: string,
): Promise<{ user: UserRow; created: boolean }> {
  const inserted = await executor
    .insert(users)
    .values({ phone, nickname: `用户${phone.slice(-4)}` })
    .onConflictDoNothing({ target: users.phone })
    .returning();
  if (inserted[0]) return { user: inserted[0], created: true };
  const [existing] = await executor.select().from(users).where(eq(users.phone, phone));
  if (!existing) throw new Error(`user ${phone} vanished during login`);
  return { user: existing, created: false };
}

// Read on every screen that shows who the user is: built once, prepared by name.
const rolesOfUser = builtOnce('user_roles_of', (executor) =>
  executor
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, sql.placeholder('userId'))),
);

export async function rolesOf(executor: Executor, userId: number): Promise<Role[]> {
  const rows = await rolesOfUser<{ role: string }>(executor, { userId });
  return rows.flatMap(({ role }) => {
    const parsed = roleSchema.safeParse(role);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function toPublicUser(executor: Executor, user: UserRow): Promise<User> {
  return {
    id: user.id,
    phone_masked: maskPhone(user.phone),
    nickname: user.nickname,
    avatar: user.avatar,
    roles: (await rolesOf(executor, user.id)).sort(),
    created_at: user.createdAt.toISOString(),
  };
}

/** Public profile bits of several users (other modules show who visited, commented, …). */
export async function profilesOf(
  executor: Executor,
  ids: readonly number[],
): Promise<Map<number, { nickname: string; avatar: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { nickname: row.nickname, avatar: row.avatar }]));
}
