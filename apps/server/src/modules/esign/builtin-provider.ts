import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCodes, protocolSignPage } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockForTransaction } from '../../lib/locks.ts';
import type { SigningKey } from '../../lib/signing-key.ts';
import { maskPhone, phoneOf, type SmsService } from '../identity/index.ts';
import { copyByContent, type StorageProvider, type UploadService } from '../storage/index.ts';
import type { ESignProvider } from './esign-provider.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { GENESIS_HASH, seal, verifyChain, verifyImages } from './snapshot-chain.ts';
import { snapshotsOf } from './snapshot-queries.ts';
import { protocolSignIntents, protocolSnapshots } from './tables.ts';

export interface BuiltinProviderDeps {
  db: Database;
  sms: SmsService;
  uploads: UploadService;
  storage: StorageProvider;
  key: SigningKey;
  now: () => Date;
}

/**
 * Signs on our own page (/ratifyAccord): identity from the real-name record (the caller passes the
 * signer's masked identity), intent by an SMS code to the account's phone, the drawn signature as
 * an upload whose SHA-256 the snapshot keeps, and the platform's Ed25519 seal on the snapshot.
 */
export function createBuiltinESignProvider(deps: BuiltinProviderDeps): ESignProvider {
  const { db, sms, uploads, storage, key, now } = deps;

  return {
    name: 'builtin',
    publicKey: { key: key.publicKey, keyId: key.keyId },

    createFlow: (document) => Promise.resolve({ url: protocolSignPage(document.orderNo) }),

    async confirmIntent({ document, signer, signatureImage, textSha256, ip }) {
      if (textSha256 !== document.textSha256) throw new AppError(ErrorCodes.PROTOCOL_TEXT_CHANGED);
      await uploads.confirmOwned(db, signer.user_id, 'signature', [signatureImage]);
      // The upload's own key may still be written to: what is signed is this copy of its bytes now.
      const image = await copyByContent(storage, { sourceKey: signatureImage, folder: 'signature' });
      if (!image) throw new AppError(ErrorCodes.UPLOAD_NOT_FOUND);
      const phone = await phoneOf(db, signer.user_id);
      // The code is sent (and its cooldown applied) before the intent is written: a refused send
      // leaves no intent behind.
      const sent = await sms.sendCode({ phone, scene: 'sign', ip });
      await db.transaction(async (tx) => {
        await lockForTransaction(tx, `esign:intent:${document.subjectId}:${signer.user_id}`);
        await tx
          .update(protocolSignIntents)
          .set({ closedAt: now() })
          .where(
            and(
              eq(protocolSignIntents.subjectId, document.subjectId),
              eq(protocolSignIntents.signerId, signer.user_id),
              isNull(protocolSignIntents.closedAt),
            ),
          );
        await tx.insert(protocolSignIntents).values({
          subjectId: document.subjectId,
          signerId: signer.user_id,
          role: signer.role,
          imageKey: image.key,
          imageSha256: image.sha256,
          textSha256,
          createdAt: now(),
        });
      });
      return { ...sent, phone_masked: maskPhone(phone) };
    },

    async sign(tx, { document, signer, code }) {
      const [intent] = await tx
        .select()
        .from(protocolSignIntents)
        .where(
          and(
            eq(protocolSignIntents.subjectId, document.subjectId),
            eq(protocolSignIntents.signerId, signer.user_id),
            isNull(protocolSignIntents.closedAt),
          ),
        );
      if (!intent) throw new AppError(ErrorCodes.PROTOCOL_INTENT_MISSING);
      // A code answers the signer's latest intent only: after asking for another order's code, this
      // order needs a fresh one (the SMS scene is per phone, not per order).
      const [later] = await tx
        .select({ id: protocolSignIntents.id })
        .from(protocolSignIntents)
        .where(
          and(
            eq(protocolSignIntents.signerId, signer.user_id),
            isNull(protocolSignIntents.closedAt),
            gt(protocolSignIntents.id, intent.id),
          ),
        )
        .limit(1);
      if (later) throw new AppError(ErrorCodes.PROTOCOL_INTENT_MISSING);
      if (intent.textSha256 !== document.textSha256) throw new AppError(ErrorCodes.PROTOCOL_TEXT_CHANGED);
      const check = await sms.consumeCode(tx, {
        phone: await phoneOf(tx, signer.user_id),
        scene: 'sign',
        code,
      });
      if (!check.ok) return check;

      const previous = (await snapshotsOf(tx, document.subjectId)).at(-1);
      const signedAt = now();
      const snapshot = seal(
        {
          subjectId: document.subjectId,
          orderNo: document.orderNo,
          seq: (previous?.seq ?? 0) + 1,
          signedBy: signer.role,
          templateVersion: document.templateVersion,
          text: document.text,
          textSha256: document.textSha256,
          parties: document.parties,
          signatures: [
            ...(previous?.signatures ?? []),
            {
              role: signer.role,
              user_id: signer.user_id,
              name_masked: signer.name_masked,
              id_number_masked: signer.id_number_masked,
              image_key: intent.imageKey,
              image_sha256: intent.imageSha256,
              signed_at: signedAt.toISOString(),
            },
          ],
          signedAt,
          prevHash: previous?.hash ?? GENESIS_HASH,
        },
        key,
      );
      await tx.insert(protocolSnapshots).values(snapshot);
      await tx
        .update(protocolSignIntents)
        .set({ closedAt: signedAt })
        .where(eq(protocolSignIntents.id, intent.id));
      return { ok: true, snapshot };
    },

    async verify(executor, subjectId) {
      const rows = await snapshotsOf(executor, subjectId);
      const problems = verifyChain(rows, key);
      const imageKeys = new Set(
        rows.flatMap((row) => row.signatures.map((signature) => signature.image_key)),
      );
      const storedSha256 = new Map(
        await Promise.all(
          [...imageKeys].map(async (imageKey) => {
            const bytes = await storage.get(imageKey);
            return [imageKey, bytes && sha256Hex(bytes)] as const;
          }),
        ),
      );
      return rows.map((row, index) => ({
        ...row,
        problems: [...(problems[index] ?? []), ...verifyImages(row.signatures, storedSha256)],
      }));
    },
  };
}
