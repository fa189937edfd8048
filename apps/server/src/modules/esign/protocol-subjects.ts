import type { ProtocolRole } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';

/** The subject state in which its parties may sign (the order process's `signing`). */
export const PROTOCOL_SIGNING_STATE = 'signing';

/** What the protocol needs to know of the thing being signed (an order). */
export interface ProtocolSubject {
  subjectId: number;
  orderNo: string;
  buyerId: number;
  sellerId: number;
  state: string;
  game: string;
  title: string;
  priceFen: number;
  /** The guarantee (包赔) option's name, or null. */
  guarantee: string | null;
  createdAt: Date;
  /**
   * Whether the parties may see each other's identity yet (an order: once paid). Before that the
   * protocol names them by placeholders; it must be true wherever `state` is the signing state.
   */
  identitiesShown: boolean;
}

/**
 * The port through which e-signature reaches its subjects without importing them: the order module
 * implements it and registers it (`app.esign.registerSubjects`).
 */
export interface ProtocolSubjects {
  /** The subject with this order number, or undefined; the viewer is who asks (for logging or scoping). */
  load(executor: Executor, orderNo: string, viewerId: number): Promise<ProtocolSubject | undefined>;
  /** Called inside the transaction of each party's signature, before `onAllSigned` for the last. */
  onPartySigned(
    executor: Executor,
    subjectId: number,
    signer: { role: ProtocolRole; userId: number },
  ): Promise<void>;
  /** Called inside the transaction of the signature that completes the protocol. */
  onAllSigned(executor: Executor, subjectId: number): Promise<void>;
  /**
   * The parties whose signatures the subject's own history records (a development shortcut records
   * none): the last stored snapshot must hold each of them.
   */
  signedParties(executor: Executor, subjectId: number): Promise<ProtocolRole[]>;
}

/**
 * Holds the one registered source. Until one is registered there are no subjects: every order
 * number answers 5801, as it would for an order that does not exist.
 */
export function createProtocolSubjectsSlot() {
  let registered: ProtocolSubjects | undefined;
  return {
    /** The app registers the orders; a later registration replaces it (the e-signature tests' stand-in). */
    register(subjects: ProtocolSubjects) {
      registered = subjects;
    },
    load: (executor: Executor, orderNo: string, viewerId: number) =>
      registered ? registered.load(executor, orderNo, viewerId) : Promise.resolve(undefined),
    onPartySigned: async (
      executor: Executor,
      subjectId: number,
      signer: { role: ProtocolRole; userId: number },
    ) => {
      if (!registered) throw new Error('protocol subjects are not registered');
      await registered.onPartySigned(executor, subjectId, signer);
    },
    onAllSigned: async (executor: Executor, subjectId: number) => {
      if (!registered) throw new Error('protocol subjects are not registered');
      await registered.onAllSigned(executor, subjectId);
    },
    signedParties: (executor: Executor, subjectId: number): Promise<ProtocolRole[]> =>
      registered ? registered.signedParties(executor, subjectId) : Promise.resolve([]),
  };
}

export type ProtocolSubjectsSlot = ReturnType<typeof createProtocolSubjectsSlot>;
