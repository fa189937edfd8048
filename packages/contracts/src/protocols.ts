import { z } from 'zod';
import { requestText } from './primitives.ts';
import { smsCodeSchema, smsResponseSchema } from './identity.ts';

/**
 * Order protocols and their e-signature (SPEC §7 /app/order/protocol/*, /app/order/sign). The
 * built-in provider signs on our own page: real-name identity, an SMS code for intent, a drawn
 * signature and the platform's Ed25519 signature over a hash-chained snapshot.
 */
export const protocolPaths = {
  page: '/app/order/protocol/page',
  status: '/app/order/protocol/status',
  signUrl: '/app/order/protocol/sign_url',
  preview: '/app/order/protocol/preview',
  data: '/app/order/protocol/data',
  sign: '/app/order/sign',
  /** Not in SPEC §7: the signed snapshots and their verification (/protocolSnapshot). */
  snapshots: '/app/order/protocol/snapshots',
} as const;

/** The web page where the built-in provider's signing happens. */
export const protocolSignPage = (orderNo: string) => `/ratifyAccord?order_no=${encodeURIComponent(orderNo)}`;

export const protocolOrderNoSchema = requestText('请提供订单编号')
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, '订单编号无效');
export const protocolQuerySchema = z.object({ order_no: protocolOrderNoSchema });
export type ProtocolQuery = z.infer<typeof protocolQuerySchema>;

export const protocolRoles = ['buyer', 'seller'] as const;
export type ProtocolRole = (typeof protocolRoles)[number];
/** Who is reading: a party, or customer-service staff (read-only). */
export const protocolViewerSchema = z.enum(['buyer', 'seller', 'staff']);

export const protocolPartySchema = z.object({
  role: z.enum(protocolRoles),
  name_masked: z.string(),
  id_number_masked: z.string(),
  signed: z.boolean(),
  signed_at: z.string().nullable(),
  /** The drawn signature, once signed. */
  signature_url: z.string().nullable(),
});
export type ProtocolParty = z.infer<typeof protocolPartySchema>;

/**
 * `missing`: the order went past its signing step by both parties' signatures, yet the stored record
 * lacks a party's signature (snapshots deleted or cut short): possibly tampered with.
 */
export const protocolStatusValues = ['unsigned', 'partly_signed', 'signed', 'missing'] as const;
export const protocolStatusSchema = z.object({
  order_no: z.string(),
  status: z.enum(protocolStatusValues),
  viewer: protocolViewerSchema,
  buyer_signed: z.boolean(),
  seller_signed: z.boolean(),
  /** The viewer is a party who has not signed and the order is at its signing step. */
  can_sign: z.boolean(),
});
export type ProtocolStatus = z.infer<typeof protocolStatusSchema>;

export const protocolPreviewSchema = z.object({
  order_no: z.string(),
  title: z.string(),
  template_version: z.string(),
  text: z.string(),
  /** SHA-256 (hex) of `text`: the signer confirms this exact text. */
  text_sha256: z.string(),
});
export type ProtocolPreview = z.infer<typeof protocolPreviewSchema>;

export const protocolPageSchema = protocolPreviewSchema.extend({
  status: protocolStatusSchema,
  parties: z.array(protocolPartySchema),
});
export type ProtocolPage = z.infer<typeof protocolPageSchema>;

export const protocolSignUrlSchema = z.object({ provider: z.string(), url: z.string() });
export type ProtocolSignUrl = z.infer<typeof protocolSignUrlSchema>;

export const protocolDataRequestSchema = z.object({
  order_no: protocolOrderNoSchema,
  /** The key of a finished `signature` upload of the signer. */
  signature_image: requestText('请先手写签名').trim().min(1, '请先手写签名').max(200),
  text_sha256: requestText('请先阅读协议')
    .trim()
    .regex(/^[0-9a-f]{64}$/, '请先阅读协议'),
});
export type ProtocolDataRequest = z.infer<typeof protocolDataRequestSchema>;
export const protocolDataResultSchema = smsResponseSchema.extend({ phone_masked: z.string() });
export type ProtocolDataResult = z.infer<typeof protocolDataResultSchema>;

export const protocolSignRequestSchema = z.object({ order_no: protocolOrderNoSchema, code: smsCodeSchema });
export type ProtocolSignRequest = z.infer<typeof protocolSignRequestSchema>;
export const protocolSignResultSchema = z.object({
  status: protocolStatusSchema,
  snapshot: z.object({ seq: z.number().int(), hash: z.string(), signed_at: z.string() }),
});
export type ProtocolSignResult = z.infer<typeof protocolSignResultSchema>;

/** Why a snapshot does not verify. */
export const snapshotProblems = [
  'content_changed',
  'chain_broken',
  'signature_invalid',
  'key_unknown',
  'chain_truncated',
  'image_changed',
  'image_missing',
] as const;
export type SnapshotProblem = (typeof snapshotProblems)[number];
export const snapshotProblemText: Record<SnapshotProblem, string> = {
  content_changed: '快照内容与其哈希不符（内容被改动）',
  chain_broken: '与上一份快照的哈希链接不上（快照被删除、插入或改动）',
  signature_invalid: '平台数字签名校验失败',
  key_unknown: '签名所用的平台密钥不是当前公布的密钥',
  chain_truncated: '订单已完成签署，但最后一份快照不含双方签名（其后的快照被删除）',
  image_changed: '手写签名图片与签署时记录的指纹不符（图片被替换）',
  image_missing: '手写签名图片已不在存储中（图片被删除）',
};

export const snapshotSignatureSchema = z.object({
  role: z.enum(protocolRoles),
  name_masked: z.string(),
  id_number_masked: z.string(),
  signed_at: z.string(),
  image_url: z.string(),
  image_sha256: z.string(),
});

export const protocolSnapshotSchema = z.object({
  seq: z.number().int(),
  signed_by: z.enum(protocolRoles),
  signed_at: z.string(),
  template_version: z.string(),
  text: z.string(),
  text_sha256: z.string(),
  signatures: z.array(snapshotSignatureSchema),
  prev_hash: z.string(),
  hash: z.string(),
  platform_signature: z.string(),
  key_id: z.string(),
  valid: z.boolean(),
  problems: z.array(z.enum(snapshotProblems)),
});
export type ProtocolSnapshot = z.infer<typeof protocolSnapshotSchema>;

export const protocolSnapshotsSchema = z.object({
  order_no: z.string(),
  /** Every snapshot verifies, the chain is whole, and none is missing. */
  valid: z.boolean(),
  /** Its parties' signatures took the order past signing, yet no snapshot is stored: all were removed. */
  missing: z.boolean(),
  /** The platform's Ed25519 public key (raw 32 bytes, base64) anyone can verify with. */
  public_key: z.string(),
  key_id: z.string(),
  list: z.array(protocolSnapshotSchema),
});
export type ProtocolSnapshots = z.infer<typeof protocolSnapshotsSchema>;
