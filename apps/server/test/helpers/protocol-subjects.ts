import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ErrorCodes, orderPaidStates, type ProtocolRole } from '@haoshi/contracts';
import type { Executor } from '../../src/db/client.ts';
import { AppError } from '../../src/lib/errors.ts';
import type { ProtocolSubject, ProtocolSubjects } from '../../src/modules/esign/index.ts';

/**
 * A stand-in for the order module in the e-signature tests: subjects in a small table of the test
 * database, and `onAllSigned` moving one from `signing` to `protection` in the signing transaction
 * (refusing any other state, as the order process would). Identities show in an order's paid states.
 */
export async function installTestSubjects(app: FastifyInstance): Promise<void> {
  await app.db.execute(sql`
    create table test_protocol_subjects (
      id bigserial primary key,
      order_no text not null unique,
      buyer_id bigint not null,
      seller_id bigint not null,
      state text not null,
      game text not null,
      title text not null,
      price_fen bigint not null,
      guarantee text,
      created_at timestamptz not null,
      refuse_completion boolean not null default false,
      signed_parties text[] not null default '{}'
    )`);
  app.esign.registerSubjects(testSubjects);
}

type Rows<T> = { rows: T[] };

interface SubjectRow extends Record<string, unknown> {
  id: string | number;
  order_no: string;
  buyer_id: string | number;
  seller_id: string | number;
  state: string;
  game: string;
  title: string;
  price_fen: string | number;
  guarantee: string | null;
  created_at: string | Date;
}

export const testSubjects: ProtocolSubjects = {
  async load(executor: Executor, orderNo: string): Promise<ProtocolSubject | undefined> {
    // Both drivers (PGlite and node-postgres) answer with `{ rows }`.
    const result = (await executor.execute<SubjectRow>(
      sql`select * from test_protocol_subjects where order_no = ${orderNo}`,
    )) as Rows<SubjectRow>;
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      subjectId: Number(row.id),
      orderNo: row.order_no,
      buyerId: Number(row.buyer_id),
      sellerId: Number(row.seller_id),
      state: row.state,
      game: row.game,
      title: row.title,
      priceFen: Number(row.price_fen),
      guarantee: row.guarantee,
      createdAt: new Date(row.created_at),
      identitiesShown: (orderPaidStates as readonly string[]).includes(row.state),
    };
  },
  async onAllSigned(executor: Executor, subjectId: number): Promise<void> {
    // As the order process refuses a transition it does not allow (e.g. a dispute opened meanwhile).
    const refused = (await executor.execute(
      sql`select 1 from test_protocol_subjects where id = ${subjectId} and refuse_completion`,
    )) as Rows<unknown>;
    if (refused.rows.length > 0) throw new AppError(ErrorCodes.PROCESS_STATE_INVALID);
    const result = (await executor.execute(
      sql`update test_protocol_subjects set state = 'protection' where id = ${subjectId} and state = 'signing' returning id`,
    )) as Rows<unknown>;
    if (result.rows.length !== 1) throw new Error(`subject ${subjectId} is not signing`);
  },
  // As the order records each party's signature on its history.
  async onPartySigned(executor: Executor, subjectId: number, signer: { role: ProtocolRole }): Promise<void> {
    const result = (await executor.execute(
      sql`update test_protocol_subjects set signed_parties = array_append(signed_parties, ${signer.role})
        where id = ${subjectId} and state = 'signing' returning id`,
    )) as Rows<unknown>;
    if (result.rows.length !== 1) throw new AppError(ErrorCodes.PROCESS_STATE_INVALID);
  },
  async signedParties(executor: Executor, subjectId: number): Promise<ProtocolRole[]> {
    const result = (await executor.execute(
      sql`select distinct unnest(signed_parties) as role from test_protocol_subjects where id = ${subjectId}`,
    )) as Rows<{ role: ProtocolRole }>;
    return result.rows.map((row) => row.role);
  },
};

export async function createTestSubject(
  app: FastifyInstance,
  subject: {
    orderNo: string;
    buyerId: number;
    sellerId: number;
    state?: string;
    guarantee?: string | null;
    refuseCompletion?: boolean;
  },
): Promise<void> {
  await app.db.execute(sql`
    insert into test_protocol_subjects (order_no, buyer_id, seller_id, state, game, title, price_fen, guarantee,
      created_at, refuse_completion)
    values (${subject.orderNo}, ${subject.buyerId}, ${subject.sellerId}, ${subject.state ?? 'signing'}, '王者荣耀',
      'V10 全皮肤 安卓QQ区', 128800, ${subject.guarantee === undefined ? '包赔服务' : subject.guarantee},
      '2026-11-21T02:00:00.000Z', ${subject.refuseCompletion ?? false})`);
}

export const subjectState = async (app: FastifyInstance, orderNo: string): Promise<string | undefined> => {
  const result = (await app.db.execute<{ state: string }>(
    sql`select state from test_protocol_subjects where order_no = ${orderNo}`,
  )) as Rows<{ state: string }>;
  return result.rows[0]?.state;
};
