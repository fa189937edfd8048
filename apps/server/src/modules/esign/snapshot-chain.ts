import type { ProtocolRole, SnapshotProblem } from '@haoshi/contracts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import type { SigningKey } from '../../lib/signing-key.ts';
import type { SnapshotParty, SnapshotSignature } from './tables.ts';

/** The `prev_hash` of a subject's first snapshot. */
export const GENESIS_HASH = '0'.repeat(64);
const FORMAT = 'haoshi-protocol-snapshot/1';

/** Everything a snapshot vouches for; its hash covers exactly these fields. */
export interface SnapshotContent {
  subjectId: number;
  orderNo: string;
  seq: number;
  signedBy: ProtocolRole;
  templateVersion: string;
  text: string;
  textSha256: string;
  parties: Record<ProtocolRole, SnapshotParty>;
  signatures: SnapshotSignature[];
  signedAt: Date;
  prevHash: string;
}

export interface SealedSnapshot extends SnapshotContent {
  hash: string;
  platformSignature: string;
  keyId: string;
}

/** SHA-256 (hex) of the canonical JSON of the content. */
export function snapshotHash(content: SnapshotContent): string {
  return sha256Hex(
    canonicalJson({
      format: FORMAT,
      subject_id: content.subjectId,
      order_no: content.orderNo,
      seq: content.seq,
      signed_by: content.signedBy,
      template_version: content.templateVersion,
      text: content.text,
      text_sha256: content.textSha256,
      parties: content.parties,
      signatures: content.signatures,
      signed_at: content.signedAt.toISOString(),
      prev_hash: content.prevHash,
    }),
  );
}

export function seal(content: SnapshotContent, key: SigningKey): SealedSnapshot {
  const hash = snapshotHash(content);
  return { ...content, hash, platformSignature: key.sign(Buffer.from(hash, 'hex')), keyId: key.keyId };
}

/**
 * Checks a subject's snapshots in order: each hash against its recomputed content, each link
 * against the previous stored hash, and each platform signature against the recomputed hash.
 * A row changed in place shows as content_changed or signature_invalid; a removed, inserted or
 * rewritten row also breaks the link of the row after it.
 */
export function verifyChain(rows: readonly SealedSnapshot[], key: SigningKey): SnapshotProblem[][] {
  return rows.map((row, index) => {
    const problems: SnapshotProblem[] = [];
    const recomputed = snapshotHash(row);
    if (recomputed !== row.hash || sha256Hex(row.text) !== row.textSha256) problems.push('content_changed');
    const previous = index === 0 ? GENESIS_HASH : rows[index - 1]?.hash;
    if (row.prevHash !== previous || row.seq !== index + 1) problems.push('chain_broken');
    if (row.keyId !== key.keyId) problems.push('key_unknown');
    else if (!key.verify(Buffer.from(recomputed, 'hex'), row.platformSignature))
      problems.push('signature_invalid');
    return problems;
  });
}

/**
 * What a snapshot's drawn signatures fail: the SHA-256 of each image's stored bytes (undefined: not
 * stored) against the one sealed into the snapshot.
 */
export function verifyImages(
  signatures: readonly SnapshotSignature[],
  storedSha256: ReadonlyMap<string, string | undefined>,
): SnapshotProblem[] {
  const problems = new Set<SnapshotProblem>();
  for (const signature of signatures) {
    const stored = storedSha256.get(signature.image_key);
    if (stored === undefined) problems.add('image_missing');
    else if (stored !== signature.image_sha256) problems.add('image_changed');
  }
  return [...problems];
}
