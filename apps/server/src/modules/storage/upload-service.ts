import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  apiPaths,
  ErrorCodes,
  IMAGE_RESIZE_SUFFIX,
  contentTypesOf,
  isVideoType,
  maxBytesOf,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES_PER_TICKET_CALL,
  UPLOAD_TICKET_TTL_SECONDS,
  UPLOAD_VIDEO_MAX_BYTES,
  type TicketRequest,
  type UploadFileType,
  type UploadPurpose,
  type UploadTicket,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import { addSeconds } from '../../lib/time.ts';
import { uploadTickets } from './tables.ts';
import type { StorageProvider } from './storage-provider.ts';
import type { LocalStorage } from './local-storage.ts';
import { reencodeImage, sniffImageType, sniffVideoType } from './image.ts';
import { newUploadKey, videoExtensions } from './storage-provider.ts';

export interface UploadCredentials {
  provider: 'local' | 's3';
  ticket_url: string;
  purpose: UploadPurpose;
  content_types: UploadFileType[];
  max_bytes: number;
  max_files: number;
  expiration: string;
  public_base_url: string;
  resize_suffix: string;
}

export interface StoredUpload {
  key: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
}

export interface UploadService {
  credentials(purpose: UploadPurpose): UploadCredentials;
  issueTickets(userId: number, request: TicketRequest): Promise<UploadTicket[]>;
  /** The built-in provider's PUT: checks the signed ticket, the bytes, and stores a re-encoded copy once. */
  receive(
    key: string,
    query: { ticket: string; expires: number; sig: string },
    body: unknown,
  ): Promise<StoredUpload>;
  /**
   * Refuses unless every key is an upload of this user, made for this purpose (a screenshot ticket
   * does not make a payout code), that is stored and checked. With S3 the first use fetches the
   * object, checks and re-encodes it (the store could not look inside the bytes).
   */
  confirmOwned(
    executor: Executor,
    userId: number,
    purpose: UploadPurpose,
    keys: readonly string[],
  ): Promise<void>;
}

/**
 * Checks an upload against its ticket. Images are re-encoded to JPEG (metadata dropped); a video is
 * kept as uploaded once its container matches the declared type.
 */
async function checkAndEncode(bytes: Buffer, declaredType: UploadFileType, declaredBytes: number) {
  if (isVideoType(declaredType)) {
    if (bytes.length > UPLOAD_VIDEO_MAX_BYTES || bytes.length > declaredBytes)
      throw new AppError(ErrorCodes.UPLOAD_TOO_LARGE);
    if (sniffVideoType(bytes) !== declaredType) throw new AppError(ErrorCodes.UPLOAD_TYPE_UNSUPPORTED);
    return { data: bytes, width: 0, height: 0, contentType: declaredType };
  }
  if (bytes.length > UPLOAD_MAX_BYTES || bytes.length > declaredBytes)
    throw new AppError(ErrorCodes.UPLOAD_TOO_LARGE);
  const sniffed = sniffImageType(bytes);
  if (!sniffed || sniffed !== declaredType) throw new AppError(ErrorCodes.UPLOAD_TYPE_UNSUPPORTED);
  try {
    return { ...(await reencodeImage(bytes)), contentType: 'image/jpeg' };
  } catch {
    throw new AppError(ErrorCodes.UPLOAD_IMAGE_BROKEN);
  }
}

export function createUploadService(options: {
  db: Database;
  provider: StorageProvider;
  local: LocalStorage | undefined;
  now: () => Date;
}): UploadService {
  const { db, provider, local, now } = options;
  const rowOf = async (executor: Executor, ticketId: string) =>
    (await executor.select().from(uploadTickets).where(eq(uploadTickets.id, ticketId)).for('update'))[0];

  return {
    credentials(purpose) {
      return {
        provider: provider.kind,
        ticket_url: apiPaths.uploadTicket,
        purpose,
        content_types: contentTypesOf(purpose),
        max_bytes: maxBytesOf(purpose),
        max_files: UPLOAD_MAX_FILES_PER_TICKET_CALL,
        expiration: addSeconds(now(), UPLOAD_TICKET_TTL_SECONDS).toISOString(),
        public_base_url: provider.publicUrl(''),
        resize_suffix: `?${IMAGE_RESIZE_SUFFIX},w_`,
      };
    },

    async issueTickets(userId, request) {
      const issuedAt = now();
      const expiresAt = addSeconds(issuedAt, UPLOAD_TICKET_TTL_SECONDS);
      const rows = request.files.map((file) => ({
        id: randomToken(18),
        userId,
        purpose: request.purpose,
        key: newUploadKey(
          request.purpose,
          issuedAt,
          isVideoType(file.content_type) ? videoExtensions[file.content_type] : 'jpg',
        ),
        contentType: file.content_type,
        declaredBytes: file.size,
        expiresAt,
        createdAt: issuedAt,
      }));
      // Targets are signed before the rows are written: a signing failure leaves nothing behind.
      const targets = await Promise.all(
        rows.map((row) =>
          provider.uploadTarget({
            ticketId: row.id,
            key: row.key,
            contentType: row.contentType,
            bytes: row.declaredBytes,
            expiresAt,
          }),
        ),
      );
      await db.insert(uploadTickets).values(rows);
      return rows.map((row, index) => ({
        key: row.key,
        method: 'PUT' as const,
        upload_url: targets[index]?.url ?? '',
        headers: targets[index]?.headers ?? {},
        url: provider.publicUrl(row.key),
        expires_at: expiresAt.toISOString(),
      }));
    },

    async receive(key, query, body) {
      if (!local || !local.verifySignature(key, query.ticket, query.expires, query.sig))
        throw new AppError(ErrorCodes.UPLOAD_TICKET_INVALID);
      if (query.expires * 1000 < now().getTime()) throw new AppError(ErrorCodes.UPLOAD_TICKET_EXPIRED);
      if (!Buffer.isBuffer(body)) throw new AppError(ErrorCodes.UPLOAD_TYPE_UNSUPPORTED);
      const checkTicket = (ticket: typeof uploadTickets.$inferSelect | undefined) => {
        if (!ticket || ticket.key !== key) throw new AppError(ErrorCodes.UPLOAD_TICKET_INVALID);
        if (ticket.usedAt) throw new AppError(ErrorCodes.UPLOAD_TICKET_USED);
        if (ticket.expiresAt.getTime() < now().getTime())
          throw new AppError(ErrorCodes.UPLOAD_TICKET_EXPIRED);
        return ticket;
      };
      // Refuse cheaply before decoding; the decisive check runs again under the row lock.
      const unlocked = checkTicket(
        (await db.select().from(uploadTickets).where(eq(uploadTickets.id, query.ticket)))[0],
      );
      const image = await checkAndEncode(body, unlocked.contentType, unlocked.declaredBytes);
      return db.transaction(async (tx) => {
        const ticket = checkTicket(await rowOf(tx, query.ticket));
        await tx
          .update(uploadTickets)
          .set({ usedAt: now(), bytes: image.data.length, width: image.width, height: image.height })
          .where(eq(uploadTickets.id, ticket.id));
        try {
          await local.put(key, image.data, image.contentType);
        } catch {
          throw new AppError(ErrorCodes.UPLOAD_STORAGE_FAILED);
        }
        return {
          key,
          url: local.publicUrl(key),
          width: image.width,
          height: image.height,
          bytes: image.data.length,
        };
      });
    },

    async confirmOwned(executor, userId, purpose, keys) {
      if (keys.length === 0) return;
      const unique = [...new Set(keys)];
      const rows = await executor
        .select()
        .from(uploadTickets)
        .where(and(eq(uploadTickets.userId, userId), inArray(uploadTickets.key, unique)));
      if (rows.length !== unique.length) throw new AppError(ErrorCodes.UPLOAD_NOT_FOUND);
      if (rows.some((row) => row.purpose !== purpose)) throw new AppError(ErrorCodes.UPLOAD_PURPOSE_MISMATCH);
      for (const row of rows) {
        if (row.usedAt) continue;
        if (provider.kind === 'local') throw new AppError(ErrorCodes.UPLOAD_NOT_FOUND);
        const bytes = await provider.get(row.key);
        if (!bytes) throw new AppError(ErrorCodes.UPLOAD_NOT_FOUND);
        const image = await checkAndEncode(bytes, row.contentType, row.declaredBytes);
        await provider.put(row.key, image.data, image.contentType);
        const marked = await executor
          .update(uploadTickets)
          .set({ usedAt: now(), bytes: image.data.length, width: image.width, height: image.height })
          .where(and(eq(uploadTickets.id, row.id), isNull(uploadTickets.usedAt)))
          .returning({ id: uploadTickets.id });
        if (marked.length === 0) throw new AppError(ErrorCodes.UPLOAD_NOT_FOUND);
      }
    },
  };
}
