import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { SealedSnapshot } from './snapshot-chain.ts';
import { protocolSnapshots } from './tables.ts';

/** A subject's snapshots in the order they were written (ids, not the stored `seq`, which is checked). */
export async function snapshotsOf(executor: Executor, subjectId: number): Promise<SealedSnapshot[]> {
  return executor
    .select({
      subjectId: protocolSnapshots.subjectId,
      orderNo: protocolSnapshots.orderNo,
      seq: protocolSnapshots.seq,
      signedBy: protocolSnapshots.signedBy,
      templateVersion: protocolSnapshots.templateVersion,
      text: protocolSnapshots.text,
      textSha256: protocolSnapshots.textSha256,
      parties: protocolSnapshots.parties,
      signatures: protocolSnapshots.signatures,
      signedAt: protocolSnapshots.signedAt,
      prevHash: protocolSnapshots.prevHash,
      hash: protocolSnapshots.hash,
      platformSignature: protocolSnapshots.platformSignature,
      keyId: protocolSnapshots.keyId,
    })
    .from(protocolSnapshots)
    .where(eq(protocolSnapshots.subjectId, subjectId))
    .orderBy(asc(protocolSnapshots.id));
}
