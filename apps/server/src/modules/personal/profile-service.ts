import { count, desc, eq } from 'drizzle-orm';
import {
  BIRTHDAY_MAX_AGE,
  BIRTHDAY_MIN_AGE,
  ErrorCodes,
  reservedNicknameWords,
  type LocationUpdate,
  type Profile,
  type ProfileChange,
  type ProfileField,
  type ProfileUpdate,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { chinaDay } from '../../lib/time.ts';
import { findUser, maskPhone, setNicknameAvatar } from '../identity/index.ts';
import type { UploadService } from '../storage/index.ts';
import { profileChanges, userProfiles } from './tables.ts';
import { regionOf } from './regions.ts';

/** Where a change came from, for the audit trail. */
export interface ChangeOrigin {
  ip: string;
  userAgent: string;
}

type ProfileRow = typeof userProfiles.$inferSelect;

export function createProfileService(deps: {
  db: Database;
  uploads: UploadService;
  imageUrl: (key: string) => string;
  now: () => Date;
}) {
  const { db, now } = deps;

  async function rowOf(executor: Executor, userId: number): Promise<ProfileRow | undefined> {
    const [row] = await executor.select().from(userProfiles).where(eq(userProfiles.userId, userId));
    return row;
  }

  async function profileOf(executor: Executor, userId: number): Promise<Profile> {
    const [user, row] = await Promise.all([findUser(executor, { id: userId }), rowOf(executor, userId)]);
    if (!user) throw new AppError(ErrorCodes.LOGIN_REQUIRED);
    return {
      id: user.id,
      phone_masked: maskPhone(user.phone),
      nickname: user.nickname,
      avatar: user.avatar,
      gender: row?.gender ?? 'unknown',
      birthday: row?.birthday ?? null,
      province_code: row?.provinceCode ?? '',
      city_code: row?.cityCode ?? '',
      region: row ? (regionOf(row.provinceCode, row.cityCode)?.text ?? '') : '',
      created_at: user.createdAt.toISOString(),
    };
  }

  function checkBirthday(birthday: string) {
    const today = chinaDay(now());
    const year = Number(today.slice(0, 4));
    const earliest = `${year - BIRTHDAY_MAX_AGE}${today.slice(4)}`;
    const latest = `${year - BIRTHDAY_MIN_AGE}${today.slice(4)}`;
    if (birthday < earliest || birthday > latest)
      throw new AppError(ErrorCodes.BIRTHDAY_OUT_OF_RANGE, undefined, { field: 'birthday' });
  }

  function checkNickname(nickname: string) {
    const lower = nickname.toLowerCase();
    if (reservedNicknameWords.some((word) => lower.includes(word.toLowerCase())))
      throw new AppError(ErrorCodes.NICKNAME_RESERVED, undefined, { field: 'nickname' });
  }

  async function audit(
    executor: Executor,
    userId: number,
    origin: ChangeOrigin,
    changes: Array<{ field: ProfileField; from: string; to: string }>,
  ) {
    const real = changes.filter((change) => change.from !== change.to);
    if (real.length === 0) return;
    await executor.insert(profileChanges).values(
      real.map((change) => ({
        userId,
        field: change.field,
        oldValue: change.from,
        newValue: change.to,
        ip: origin.ip,
        userAgent: origin.userAgent.slice(0, 512),
        createdAt: now(),
      })),
    );
  }

  async function saveRow(executor: Executor, userId: number, values: Partial<ProfileRow>) {
    const set = { ...values, updatedAt: now() };
    await executor
      .insert(userProfiles)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: userProfiles.userId, set });
  }

  return {
    profile: (userId: number) => profileOf(db, userId),

    /** Validates every field first, then writes them and their audit rows in one transaction. */
    async update(userId: number, change: ProfileUpdate, origin: ChangeOrigin): Promise<Profile> {
      if (change.nickname !== undefined) checkNickname(change.nickname);
      if (change.birthday !== undefined) checkBirthday(change.birthday);
      return db.transaction(async (tx) => {
        const before = await profileOf(tx, userId);
        let avatar: string | undefined;
        if (change.avatar_key !== undefined) {
          await deps.uploads.confirmOwned(tx, userId, 'avatar', [change.avatar_key]);
          avatar = deps.imageUrl(change.avatar_key);
        }
        await setNicknameAvatar(tx, userId, { nickname: change.nickname, avatar });
        if (change.gender !== undefined || change.birthday !== undefined) {
          await saveRow(tx, userId, {
            gender: change.gender ?? before.gender,
            birthday: change.birthday ?? before.birthday,
          });
        }
        await audit(tx, userId, origin, [
          ...(change.nickname !== undefined
            ? [{ field: 'nickname' as const, from: before.nickname, to: change.nickname }]
            : []),
          ...(avatar !== undefined ? [{ field: 'avatar' as const, from: before.avatar, to: avatar }] : []),
          ...(change.gender !== undefined
            ? [{ field: 'gender' as const, from: before.gender, to: change.gender }]
            : []),
          ...(change.birthday !== undefined
            ? [{ field: 'birthday' as const, from: before.birthday ?? '', to: change.birthday }]
            : []),
        ]);
        return profileOf(tx, userId);
      });
    },

    async updateLocation(userId: number, change: LocationUpdate, origin: ChangeOrigin): Promise<Profile> {
      const region = regionOf(change.province_code, change.city_code);
      if (!region) throw new AppError(ErrorCodes.REGION_INVALID, undefined, { field: 'city_code' });
      return db.transaction(async (tx) => {
        const before = await profileOf(tx, userId);
        await saveRow(tx, userId, { provinceCode: change.province_code, cityCode: change.city_code });
        await audit(tx, userId, origin, [{ field: 'region', from: before.region, to: region.text }]);
        return profileOf(tx, userId);
      });
    },

    async history(userId: number, page: number, pageSize: number) {
      const mine = eq(profileChanges.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(profileChanges)
          .where(mine)
          .orderBy(desc(profileChanges.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ value: count() }).from(profileChanges).where(mine),
      ]);
      const list: ProfileChange[] = rows.map((row) => ({
        id: row.id,
        field: row.field,
        old_value: row.oldValue,
        new_value: row.newValue,
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
      }));
      return { list, total: total?.value ?? 0, page, page_size: pageSize };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
