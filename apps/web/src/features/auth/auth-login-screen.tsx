import { Button, Result } from 'antd-mobile';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { QrAuthResponse } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { isApiError } from '@/core/http/client';
import { startLoginFlow } from '@/core/login-flow';
import { useIsLoggedIn } from '@/core/storage';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useQrDecision, useQrScan } from './api/qr-auth';
import { describeUserAgent } from './describe-user-agent';
import { authMessages } from './messages';
import './auth.css';

const NETWORK_FAILURE = '网络异常，请稍后重试';

function RequesterCard({ requester }: { requester: QrAuthResponse['requester'] }) {
  const rows: ReadonlyArray<readonly [string, string]> = [
    [authMessages.authDevice, describeUserAgent(requester.user_agent)],
    [authMessages.authIp, requester.ip],
    [authMessages.authTime, formatChinaDateTime(requester.created_at, { seconds: true })],
  ];
  return (
    <dl className="auth-login__requester">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function LoginRequest({ ticket }: { ticket: string }) {
  const navigate = useNavigate();
  const scan = useQrScan(ticket, true);
  const decision = useQrDecision(ticket);
  const home = () => void navigate('/', { replace: true });

  if (scan.isPending) return <ScreenSkeleton />;
  if (scan.isError) {
    return (
      <StatusScreen
        status="disconnected"
        title={isApiError(scan.error) ? scan.error.message : NETWORK_FAILURE}
        description={authMessages.authFailedHint}
        actions={[{ text: authMessages.backHome, primary: true, onClick: home }]}
      />
    );
  }
  const decided = decision.data?.state;
  if (decided === 'confirmed' || decided === 'cancelled') {
    return (
      <div className="auth-login">
        <Result
          status={decided === 'confirmed' ? 'success' : 'info'}
          title={decided === 'confirmed' ? authMessages.authConfirmed : authMessages.qrCancelled}
          description={
            decided === 'confirmed' ? authMessages.authConfirmedHint : authMessages.authCancelledHint
          }
        />
        <Button block color="primary" onClick={home}>
          {authMessages.backHome}
        </Button>
      </div>
    );
  }
  return (
    <div className="auth-login">
      <Result status="waiting" title={authMessages.authAsk} description={authMessages.authAskHint} />
      <RequesterCard requester={scan.data.requester} />
      <div className="auth-login__actions">
        <Button
          block
          color="primary"
          size="large"
          loading={decision.isPending && decision.variables === 'confirm'}
          disabled={decision.isPending}
          onClick={() => decision.mutate('confirm')}
        >
          {authMessages.authConfirm}
        </Button>
        <Button block size="large" disabled={decision.isPending} onClick={() => decision.mutate('cancel')}>
          {authMessages.authCancel}
        </Button>
      </div>
    </div>
  );
}

/** /authLogin?ticket=…: a logged-in user approves (or refuses) a QR login on another device. */
export default function AuthLoginScreen() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const ticket = params.get('ticket') ?? '';

  if (ticket === '') {
    return (
      <StatusScreen
        status="empty"
        title={authMessages.authNoTicket}
        description={authMessages.authNoTicketHint}
        actions={[
          {
            text: authMessages.backHome,
            primary: true,
            onClick: () => void navigate('/', { replace: true }),
          },
        ]}
      />
    );
  }
  if (!loggedIn) {
    return (
      <StatusScreen
        status="default"
        title={authMessages.authLoginFirst}
        description={authMessages.authLoginFirstHint}
        actions={[
          { text: authMessages.authGoLogin, primary: true, onClick: () => startLoginFlow(pathname + search) },
        ]}
      />
    );
  }
  return <LoginRequest key={ticket} ticket={ticket} />;
}
