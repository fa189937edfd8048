import { and, eq, isNull, or, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  QR_TICKET_TTL_SECONDS,
  type LoginResponse,
  type QrAuthRequest,
  type QrAuthResponse,
  type QrStatus,
  type QrTicketCreated,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hmac, randomToken } from '../../lib/crypto.ts';
import { addSeconds } from '../../lib/time.ts';
import type { SessionMeta, SessionService } from './session-service.ts';
import { qrLoginTickets, users } from './tables.ts';
import { toPublicUser } from './user-service.ts';

type TicketRow = typeof qrLoginTickets.$inferSelect;

const nextState: Record<QrAuthRequest['action'], { from: TicketRow['state'][]; to: TicketRow['state'] }> = {
  scan: { from: ['waiting', 'scanned'], to: 'scanned' },
  confirm: { from: ['waiting', 'scanned'], to: 'confirmed' },
  cancel: { from: ['waiting', 'scanned'], to: 'cancelled' },
};

/** Logging in on one device by approving a one-time, expiring QR ticket from a logged-in phone. */
export function createQrLoginService(deps: {
  db: Database;
  secret: string;
  sessions: SessionService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const hashTicket = (ticket: string) => hmac(deps.secret, `qr:${ticket}`);

  async function createTicket(requester: SessionMeta, origin: string): Promise<QrTicketCreated> {
    const ticket = randomToken(24);
    const at = now();
    const expiresAt = addSeconds(at, QR_TICKET_TTL_SECONDS);
    await deps.db.insert(qrLoginTickets).values({
      ticketHash: hashTicket(ticket),
      requesterIp: requester.ip,
      requesterUserAgent: requester.userAgent.slice(0, 512),
      expiresAt,
      createdAt: at,
    });
    return {
      ticket,
      qr_content: `${origin}/authLogin?ticket=${encodeURIComponent(ticket)}`,
      expires_at: expiresAt.toISOString(),
    };
  }

  async function loadTicket(ticket: string): Promise<TicketRow> {
    const [row] = await deps.db
      .select()
      .from(qrLoginTickets)
      .where(eq(qrLoginTickets.ticketHash, hashTicket(ticket)));
    if (!row) throw new AppError(ErrorCodes.QR_TICKET_NOT_FOUND);
    return row;
  }

  const isExpired = (row: TicketRow) => row.expiresAt.getTime() <= now().getTime();

  async function authorize(approverUserId: number, input: QrAuthRequest): Promise<QrAuthResponse> {
    const row = await loadTicket(input.ticket);
    if (row.state === 'consumed' || row.state === 'confirmed') throw new AppError(ErrorCodes.QR_TICKET_USED);
    if (row.state === 'cancelled' || isExpired(row)) throw new AppError(ErrorCodes.QR_TICKET_EXPIRED);
    if (row.approverUserId !== null && row.approverUserId !== approverUserId) {
      throw new AppError(ErrorCodes.QR_TICKET_USED, '该二维码已被其他账号扫描');
    }
    const transition = nextState[input.action];
    const updated = await deps.db
      .update(qrLoginTickets)
      .set({ state: transition.to, approverUserId })
      .where(
        and(
          eq(qrLoginTickets.ticketHash, row.ticketHash),
          sql`${qrLoginTickets.state} in ${transition.from}`,
          // Checked again here: a parallel scan by another account must not be taken over.
          or(isNull(qrLoginTickets.approverUserId), eq(qrLoginTickets.approverUserId, approverUserId)),
        ),
      )
      .returning({ state: qrLoginTickets.state });
    if (!updated[0]) throw new AppError(ErrorCodes.QR_TICKET_USED);
    return {
      state: updated[0].state,
      requester: {
        ip: row.requesterIp,
        user_agent: row.requesterUserAgent,
        created_at: row.createdAt.toISOString(),
      },
    };
  }

  /** The waiting device polls; the poll that sees the approval receives the session, once. */
  async function status(ticket: string, requester: SessionMeta): Promise<QrStatus> {
    const row = await loadTicket(ticket);
    if (row.state === 'confirmed' && row.approverUserId !== null && !isExpired(row)) {
      const approverId = row.approverUserId;
      const login = await deps.db.transaction(async (tx): Promise<LoginResponse | undefined> => {
        const claimed = await tx
          .update(qrLoginTickets)
          .set({ state: 'consumed' })
          .where(and(eq(qrLoginTickets.ticketHash, row.ticketHash), eq(qrLoginTickets.state, 'confirmed')))
          .returning({ state: qrLoginTickets.state });
        if (!claimed[0]) return undefined;
        const [user] = await tx.select().from(users).where(eq(users.id, approverId));
        if (user?.status !== 'active') return undefined;
        // The same login step as the SMS login: a cancellation in its cooling-off is withdrawn.
        const session = await deps.sessions.startLogin(tx, user.id, requester, { created: false });
        return {
          user: await toPublicUser(tx, user),
          token: session.token,
          expires_at: session.expiresAt.toISOString(),
          is_new_user: false,
          ...(session.notice ? { notice: session.notice } : {}),
        };
      });
      return login ? { state: 'confirmed', login } : { state: 'consumed' };
    }
    // A confirmed ticket nobody collected before expires_at is dead too: the approval is not a bearer credential forever.
    if ((row.state === 'waiting' || row.state === 'scanned' || row.state === 'confirmed') && isExpired(row)) {
      return { state: 'expired' };
    }
    return { state: row.state };
  }

  return { createTicket, authorize, status };
}

export type QrLoginService = ReturnType<typeof createQrLoginService>;
