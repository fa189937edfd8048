import { Button } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { ErrorCodes } from '@haoshi/contracts';
import { getCurrentBrand } from '@/core/brands';
import { isApiError } from '@/core/http/client';
import { QrImage } from '@/ui/qr-image';
import { useQrStatus } from './api/qr-status';
import { useQrTicket } from './api/qr-ticket';
import { authMessages } from './messages';
import { useCompleteLogin } from './use-complete-login';

/** Expired codes are replaced automatically this many times, then the user taps to refresh. */
const MAX_AUTO_REFRESHES = 5;
const goneTicketCodes: ReadonlySet<number> = new Set([
  ErrorCodes.QR_TICKET_NOT_FOUND,
  ErrorCodes.QR_TICKET_EXPIRED,
  ErrorCodes.QR_TICKET_USED,
]);

interface Overlay {
  text: string;
  refreshable: boolean;
}

/** Shows a login QR code; a logged-in phone scans and confirms it, and this device is logged in. */
export function QrLoginPanel() {
  const ticket = useQrTicket();
  const { refetch: replaceTicket } = ticket;
  const status = useQrStatus(ticket.data?.ticket);
  const completeLogin = useCompleteLogin();
  const autoRefreshes = useRef(0);

  const state = status.data?.state;
  const login = status.data?.login;
  const expired =
    state === 'expired' ||
    state === 'consumed' ||
    (isApiError(status.error) && goneTicketCodes.has(status.error.code));

  useEffect(() => {
    if (login) completeLogin(login);
  }, [login, completeLogin]);

  useEffect(() => {
    if (!expired || autoRefreshes.current >= MAX_AUTO_REFRESHES) return;
    autoRefreshes.current += 1;
    void replaceTicket();
  }, [expired, replaceTicket]);

  const refresh = () => {
    autoRefreshes.current = 0;
    void replaceTicket();
  };

  let overlay: Overlay | undefined;
  if (ticket.isError) overlay = { text: authMessages.qrFailed, refreshable: true };
  else if (ticket.isFetching) overlay = undefined;
  else if (expired) overlay = { text: authMessages.qrExpired, refreshable: true };
  else if (state === 'cancelled') overlay = { text: authMessages.qrCancelled, refreshable: true };
  else if (state === 'scanned') overlay = { text: authMessages.qrScanned, refreshable: false };

  return (
    <div className="qr-login">
      <div className="qr-login__frame" data-testid="qr-login" data-state={state ?? 'loading'}>
        {ticket.data && !ticket.isFetching ? (
          <QrImage content={ticket.data.qr_content} label={authMessages.qrLabel} />
        ) : (
          <div className="qr-login__placeholder">{ticket.isError ? null : authMessages.qrLoading}</div>
        )}
        {overlay ? (
          <div className="qr-login__overlay" role="status">
            <p>{overlay.text}</p>
            {overlay.refreshable ? (
              <Button size="small" color="primary" shape="rounded" onClick={refresh}>
                {authMessages.qrRefresh}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <p className="qr-login__hint">{authMessages.qrHint(getCurrentBrand().name)}</p>
    </div>
  );
}
