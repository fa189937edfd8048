import {
  ErrorCodes,
  protocolRoles,
  renderTransferAgreement,
  TRANSFER_AGREEMENT_TITLE,
  TRANSFER_AGREEMENT_VERSION,
  type ProtocolDataResult,
  type ProtocolPage,
  type ProtocolPreview,
  type ProtocolRole,
  type ProtocolSignResult,
  type ProtocolSnapshots,
  type ProtocolStatus,
  type ProtocolSignUrl,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockForTransaction } from '../../lib/locks.ts';
import { rolesOf } from '../identity/index.ts';
import { assertRealNameVerified, verifiedIdentity } from '../real-name/index.ts';
import type { ESignProvider, Signer, SigningDocument } from './esign-provider.ts';
import {
  PROTOCOL_SIGNING_STATE,
  type ProtocolSubject,
  type ProtocolSubjectsSlot,
} from './protocol-subjects.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { SealedSnapshot } from './snapshot-chain.ts';
import { snapshotsOf } from './snapshot-queries.ts';
import type { SnapshotParty } from './tables.ts';

const UNVERIFIED = '（待实名认证）';
const SHOWN_AFTER_PAYMENT = '（付款后显示）';
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** The parties whose signatures the latest snapshot holds (each snapshot carries all so far). */
const signedRolesOf = (snapshots: readonly SealedSnapshot[]) =>
  new Set((snapshots.at(-1)?.signatures ?? []).map((signature) => signature.role));

const chinaDate = (instant: Date) => {
  const china = new Date(instant.getTime() + CHINA_OFFSET_MS);
  return `${china.getUTCFullYear()}年${china.getUTCMonth() + 1}月${china.getUTCDate()}日`;
};

type Viewer = ProtocolRole | 'staff';

interface Context {
  subject: ProtocolSubject;
  viewer: Viewer;
  snapshots: SealedSnapshot[];
  document: SigningDocument;
  /** Both parties are real-name verified and shown (always true once a snapshot exists). */
  partiesVerified: boolean;
  /**
   * The subject's history records a party's signature that the last stored snapshot lacks: its
   * snapshots were deleted or cut short.
   */
  recordLost: boolean;
}

export interface ProtocolServiceDeps {
  db: Database;
  subjects: ProtocolSubjectsSlot;
  provider: ESignProvider;
  imageUrl: (key: string) => string;
}

/** Who may read and sign an order's protocol, and what it says; the provider does the signing. */
export function createProtocolService(deps: ProtocolServiceDeps) {
  const { db, subjects, provider, imageUrl } = deps;

  async function partyOf(executor: Executor, userId: number): Promise<SnapshotParty | undefined> {
    const identity = await verifiedIdentity(executor, userId);
    return identity
      ? { user_id: userId, name_masked: identity.nameMasked, id_number_masked: identity.idNumberMasked }
      : undefined;
  }

  async function contextFor(executor: Executor, orderNo: string, userId: number): Promise<Context> {
    const subject = await subjects.load(executor, orderNo, userId);
    // Not found and not yours answer alike: an order number reveals nothing to a stranger.
    if (!subject) throw new AppError(ErrorCodes.PROTOCOL_ORDER_NOT_FOUND);
    const viewer: Viewer | undefined =
      subject.buyerId === userId
        ? 'buyer'
        : subject.sellerId === userId
          ? 'seller'
          : (await rolesOf(executor, userId)).includes('customer_service')
            ? 'staff'
            : undefined;
    if (!viewer) throw new AppError(ErrorCodes.PROTOCOL_ORDER_NOT_FOUND);
    const snapshots = await snapshotsOf(executor, subject.subjectId);
    const held = signedRolesOf(snapshots);
    const recordLost =
      held.size < protocolRoles.length &&
      (await subjects.signedParties(executor, subject.subjectId)).some((role) => !held.has(role));
    const first = snapshots[0];
    if (first) {
      const document = {
        subjectId: subject.subjectId,
        orderNo: subject.orderNo,
        templateVersion: first.templateVersion,
        text: first.text,
        textSha256: first.textSha256,
        parties: first.parties,
      };
      return { subject, viewer, snapshots, document, partiesVerified: true, recordLost };
    }
    // Before identities may be shown, not even whether a party is verified shows: one placeholder.
    const shown = subject.identitiesShown;
    const buyer = shown ? await partyOf(executor, subject.buyerId) : undefined;
    const seller = shown ? await partyOf(executor, subject.sellerId) : undefined;
    const blank = shown ? UNVERIFIED : SHOWN_AFTER_PAYMENT;
    const text = renderTransferAgreement({
      orderNo: subject.orderNo,
      buyerName: buyer?.name_masked ?? blank,
      buyerIdNumber: buyer?.id_number_masked ?? blank,
      sellerName: seller?.name_masked ?? blank,
      sellerIdNumber: seller?.id_number_masked ?? blank,
      game: subject.game,
      title: subject.title,
      price: subject.priceFen,
      guarantee: subject.guarantee,
      date: chinaDate(subject.createdAt),
    });
    const unnamed = (userId: number) => ({ user_id: userId, name_masked: blank, id_number_masked: blank });
    return {
      subject,
      viewer,
      snapshots,
      partiesVerified: Boolean(buyer && seller),
      recordLost,
      document: {
        subjectId: subject.subjectId,
        orderNo: subject.orderNo,
        templateVersion: TRANSFER_AGREEMENT_VERSION,
        text,
        textSha256: sha256Hex(text),
        parties: {
          buyer: buyer ?? unnamed(subject.buyerId),
          seller: seller ?? unnamed(subject.sellerId),
        },
      },
    };
  }

  function statusOf(context: Context): ProtocolStatus {
    const signed = signedRolesOf(context.snapshots);
    const count = signed.size;
    return {
      order_no: context.subject.orderNo,
      status: context.recordLost
        ? 'missing'
        : count === 0
          ? 'unsigned'
          : count === 1
            ? 'partly_signed'
            : 'signed',
      viewer: context.viewer,
      buyer_signed: signed.has('buyer'),
      seller_signed: signed.has('seller'),
      can_sign:
        !context.recordLost &&
        context.viewer !== 'staff' &&
        !signed.has(context.viewer) &&
        context.subject.state === PROTOCOL_SIGNING_STATE,
    };
  }

  function previewOf(context: Context): ProtocolPreview {
    const { document } = context;
    return {
      order_no: document.orderNo,
      title: TRANSFER_AGREEMENT_TITLE,
      template_version: document.templateVersion,
      text: document.text,
      text_sha256: document.textSha256,
    };
  }

  /** The signer, after every refusal a party can meet before the provider's own checks. */
  async function signerFor(executor: Executor, context: Context): Promise<Signer> {
    const { viewer, subject } = context;
    if (viewer === 'staff') throw new AppError(ErrorCodes.PROTOCOL_STAFF_READ_ONLY);
    const userId = viewer === 'buyer' ? subject.buyerId : subject.sellerId;
    await assertRealNameVerified(executor, userId);
    if (signedRolesOf(context.snapshots).has(viewer)) throw new AppError(ErrorCodes.PROTOCOL_ALREADY_SIGNED);
    if (subject.state !== PROTOCOL_SIGNING_STATE) throw new AppError(ErrorCodes.PROTOCOL_NOT_SIGNING);
    // Signing again would start a new chain over the removed one: customer service looks first.
    if (context.recordLost) throw new AppError(ErrorCodes.PROTOCOL_RECORD_LOST);
    if (!context.partiesVerified) throw new AppError(ErrorCodes.PROTOCOL_PARTY_NOT_VERIFIED);
    return { role: viewer, ...context.document.parties[viewer] };
  }

  return {
    async page(orderNo: string, userId: number): Promise<ProtocolPage> {
      const context = await contextFor(db, orderNo, userId);
      const signatures = context.snapshots.at(-1)?.signatures ?? [];
      return {
        ...previewOf(context),
        status: statusOf(context),
        parties: (['buyer', 'seller'] as const).map((role) => {
          const party = context.document.parties[role];
          const signature = signatures.find((candidate) => candidate.role === role);
          return {
            role,
            name_masked: party.name_masked,
            id_number_masked: party.id_number_masked,
            signed: Boolean(signature),
            signed_at: signature?.signed_at ?? null,
            signature_url: signature ? imageUrl(signature.image_key) : null,
          };
        }),
      };
    },

    async status(orderNo: string, userId: number): Promise<ProtocolStatus> {
      return statusOf(await contextFor(db, orderNo, userId));
    },

    async preview(orderNo: string, userId: number): Promise<ProtocolPreview> {
      return previewOf(await contextFor(db, orderNo, userId));
    },

    async signUrl(orderNo: string, userId: number): Promise<ProtocolSignUrl> {
      const context = await contextFor(db, orderNo, userId);
      const signer = await signerFor(db, context);
      return { provider: provider.name, ...(await provider.createFlow(context.document, signer)) };
    },

    async startIntent(
      userId: number,
      input: { orderNo: string; signatureImage: string; textSha256: string; ip: string },
    ): Promise<ProtocolDataResult> {
      const context = await contextFor(db, input.orderNo, userId);
      const signer = await signerFor(db, context);
      return provider.confirmIntent({
        document: context.document,
        signer,
        signatureImage: input.signatureImage,
        textSha256: input.textSha256,
        ip: input.ip,
      });
    },

    async sign(userId: number, orderNo: string, code: string): Promise<ProtocolSignResult> {
      const outcome = await db.transaction(async (tx) => {
        // Both parties signing at once append one after the other to the same chain.
        await lockForTransaction(tx, `esign:order:${orderNo}`);
        const context = await contextFor(tx, orderNo, userId);
        const signer = await signerFor(tx, context);
        const signed = await provider.sign(tx, { document: context.document, signer, code });
        if (!signed.ok) return signed;
        await subjects.onPartySigned(tx, context.subject.subjectId, {
          role: signer.role,
          userId: signer.user_id,
        });
        const after = { ...context, snapshots: [...context.snapshots, signed.snapshot] };
        const status = statusOf(after);
        if (status.status === 'signed') await subjects.onAllSigned(tx, context.subject.subjectId);
        return { ok: true as const, status, snapshot: signed.snapshot };
      });
      if (!outcome.ok) throw outcome.error;
      return {
        status: outcome.status,
        snapshot: {
          seq: outcome.snapshot.seq,
          hash: outcome.snapshot.hash,
          signed_at: outcome.snapshot.signedAt.toISOString(),
        },
      };
    },

    async snapshots(orderNo: string, userId: number): Promise<ProtocolSnapshots> {
      const context = await contextFor(db, orderNo, userId);
      const { subjectId } = context.subject;
      const verified = await provider.verify(db, subjectId);
      // The chain must end with every signature the subject's history records: a shorter one lost
      // its last rows, an empty one every row.
      const last = verified.at(-1);
      if (last && context.recordLost) last.problems = [...last.problems, 'chain_truncated'];
      const missing = !last && context.recordLost;
      return {
        order_no: context.subject.orderNo,
        valid: !missing && verified.every((row) => row.problems.length === 0),
        missing,
        public_key: provider.publicKey.key,
        key_id: provider.publicKey.keyId,
        list: verified.map((row) => ({
          seq: row.seq,
          signed_by: row.signedBy,
          signed_at: row.signedAt.toISOString(),
          template_version: row.templateVersion,
          text: row.text,
          text_sha256: row.textSha256,
          signatures: row.signatures.map((signature) => ({
            role: signature.role,
            name_masked: signature.name_masked,
            id_number_masked: signature.id_number_masked,
            signed_at: signature.signed_at,
            image_url: imageUrl(signature.image_key),
            image_sha256: signature.image_sha256,
          })),
          prev_hash: row.prevHash,
          hash: row.hash,
          platform_signature: row.platformSignature,
          key_id: row.keyId,
          valid: row.problems.length === 0,
          problems: row.problems,
        })),
      };
    },
  };
}

export type ProtocolService = ReturnType<typeof createProtocolService>;
