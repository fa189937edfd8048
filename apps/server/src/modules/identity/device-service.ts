import { eq, sql } from 'drizzle-orm';
import { DEFAULT_DEVICE_ID, ErrorCodes } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import type { SecurityProvider } from './security-provider.ts';
import { devices } from './tables.ts';

/**
 * Turns a security-provider token into a stable server-issued device id: a device that already
 * holds one of ours keeps it; a fresh client (still on the built-in default id) gets a new one.
 */
export function createDeviceService(deps: { db: Database; provider: SecurityProvider }) {
  async function resolveDeviceId(input: {
    encodedToken: string;
    ip: string;
    userAgent: string;
    userId?: number | undefined;
  }): Promise<string> {
    let token: string;
    try {
      token = Buffer.from(input.encodedToken, 'base64').toString('utf8');
    } catch {
      throw new AppError(ErrorCodes.DEVICE_TOKEN_INVALID);
    }
    const claims = deps.provider.verify(token);
    const seen = { ip: input.ip, userAgent: input.userAgent.slice(0, 512), lastSeenAt: sql`now()` };
    if (claims.deviceId !== DEFAULT_DEVICE_ID) {
      const known = await deps.db
        .update(devices)
        .set({ ...seen, package: claims.package, ...(input.userId ? { userId: input.userId } : {}) })
        .where(eq(devices.id, claims.deviceId))
        .returning({ id: devices.id });
      if (known[0]) return known[0].id;
    }
    const id = `hs${randomToken(16)}`;
    await deps.db.insert(devices).values({
      id,
      package: claims.package,
      fingerprint: claims.fingerprint,
      ip: input.ip,
      userAgent: seen.userAgent,
      userId: input.userId ?? null,
    });
    return id;
  }

  return { resolveDeviceId };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
