import type { ProtocolDataResult, ProtocolRole, SnapshotProblem } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import type { AppError } from '../../lib/errors.ts';
import type { SealedSnapshot } from './snapshot-chain.ts';
import type { SnapshotParty } from './tables.ts';

/** The exact document both parties sign, fixed by the first signature. */
export interface SigningDocument {
  subjectId: number;
  orderNo: string;
  templateVersion: string;
  text: string;
  textSha256: string;
  parties: Record<ProtocolRole, SnapshotParty>;
}

export interface Signer extends SnapshotParty {
  role: ProtocolRole;
}

export interface VerifiedSnapshot extends SealedSnapshot {
  problems: SnapshotProblem[];
}

/**
 * An e-signature provider: the built-in one signs on our own page; a vendor adapter (法大大, e签宝)
 * would create the flow on the vendor's side, return its H5 URL, and map its callbacks onto `sign`.
 * Callers check who may sign; the provider proves who signed, what, and when.
 */
export interface ESignProvider {
  readonly name: string;
  /** Where the signer signs. */
  createFlow(document: SigningDocument, signer: Signer): Promise<{ url: string }>;
  /** Records the drawn signature and the text the signer read, then sends the intent SMS code. */
  confirmIntent(input: {
    document: SigningDocument;
    signer: Signer;
    signatureImage: string;
    textSha256: string;
    ip: string;
  }): Promise<ProtocolDataResult>;
  /**
   * Checks the intent code and appends the signed snapshot, inside the caller's transaction. A wrong
   * code is returned (its counted try must be committed), every other refusal is thrown.
   */
  sign(
    tx: Executor,
    input: { document: SigningDocument; signer: Signer; code: string },
  ): Promise<{ ok: true; snapshot: SealedSnapshot } | { ok: false; error: AppError }>;
  /** The subject's snapshots in order, each with what fails to verify. */
  verify(executor: Executor, subjectId: number): Promise<VerifiedSnapshot[]>;
  /** The public key snapshots are verified with (raw Ed25519, base64) and its id. */
  readonly publicKey: { key: string; keyId: string };
}
