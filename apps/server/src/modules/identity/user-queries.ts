import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { roleSchema, type Role } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { smsOutbox, userRoles, users } from './tables.ts';
import type { UserRow } from './user-service.ts';

/** Reads and writes of the identity tables that other modules need; each runs in the caller's transaction. */

export async function findUser(
  executor: Executor,
  where: { id: number } | { phone: string },
): Promise<UserRow | undefined> {
  const [row] = await executor
    .select()
    .from(users)
    .where('phone' in where ? eq(users.phone, where.phone) : eq(users.id, where.id));
  return row;
}

/**
 * Moves the account from status `from` to `to`; whether it was in `from` (of two changes at once,
 * one moves it and the other is told no).
 */
export async function changeUserStatus(
  executor: Executor,
  userId: number,
  from: UserRow['status'],
  to: UserRow['status'],
): Promise<boolean> {
  const changed = await executor
    .update(users)
    .set({ status: to })
    .where(and(eq(users.id, userId), eq(users.status, from)))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** The account's phone, or '' when there is none. */
export const phoneOf = async (executor: Executor, userId: number): Promise<string> =>
  (await executor.select({ phone: users.phone }).from(users).where(eq(users.id, userId)))[0]?.phone ?? '';

export async function usersByIds(executor: Executor, ids: readonly number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Users in id order (all of them, or those given), at most `limit`. */
export const listUserRows = (executor: Executor, query: { ids?: readonly number[]; limit: number }) =>
  executor
    .select()
    .from(users)
    .where(query.ids ? inArray(users.id, [...query.ids]) : undefined)
    .orderBy(asc(users.id))
    .limit(query.limit);

export const userIdsWithRole = async (executor: Executor, role: Role): Promise<number[]> =>
  (await executor.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, role))).map(
    ({ id }) => id,
  );

export async function rolesByUser(executor: Executor, ids: readonly number[]): Promise<Map<number, Role[]>> {
  const rows = ids.length
    ? await executor
        .select()
        .from(userRoles)
        .where(inArray(userRoles.userId, [...ids]))
    : [];
  const byUser = new Map<number, Role[]>();
  for (const row of rows) {
    const role = roleSchema.safeParse(row.role);
    if (role.success) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), role.data]);
  }
  return byUser;
}

export async function grantRole(executor: Executor, userId: number, role: Role): Promise<void> {
  await executor.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

/** Whether the user had the role. */
export async function revokeRole(executor: Executor, userId: number, role: Role): Promise<boolean> {
  const removed = await executor
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning();
  return removed.length > 0;
}

export async function phoneTakenByOther(executor: Executor, phone: string, userId: number): Promise<boolean> {
  const [taken] = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, userId)));
  return taken !== undefined;
}

export async function setPhone(executor: Executor, userId: number, phone: string): Promise<void> {
  await executor.update(users).set({ phone }).where(eq(users.id, userId));
}

/** Creates the accounts that do not exist yet; returns the id of each phone. */
export async function ensureUsers(
  executor: Executor,
  rows: ReadonlyArray<{ phone: string; nickname: string; avatar: string }>,
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  await executor
    .insert(users)
    .values([...rows])
    .onConflictDoNothing();
  const found = await executor
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(
      inArray(
        users.phone,
        rows.map((row) => row.phone),
      ),
    );
  return new Map(found.map((row) => [row.phone, row.id]));
}

/** The latest messages the built-in SMS provider wrote for a phone (dev outbox). */
export const recentSmsOf = (executor: Executor, phone: string, limit: number) =>
  executor
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);

/** Creates the account unless the phone has one; the new id, or null when it existed. */
export async function createUserIfNew(
  executor: Executor,
  phone: string,
  nickname: string,
): Promise<number | null> {
  const [created] = await executor
    .insert(users)
    .values({ phone, nickname })
    .onConflictDoNothing({ target: users.phone })
    .returning({ id: users.id });
  return created?.id ?? null;
}

/** The ids of disabled accounts, as a subquery (`inArray(column, disabledUserIds(executor))`). */
export const disabledUserIds = (executor: Executor) =>
  executor.select({ id: users.id }).from(users).where(eq(users.status, 'disabled'));
