import { useNavigate, useSearchParams } from 'react-router';
import { inAppPath } from '@/core/in-app-path';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useRealNameSnapshot } from './api/real-name-snapshot';
import { realNameMessages as m } from './messages';
import { RealNameForm } from './real-name-form';
import { VerifiedCard } from './verified-card';
import './real-name.css';

/** /idCard (实名认证): the status, the form, and the masked result. 4301 leads here (?redirect=). */
export default function IdCardScreen() {
  const snapshot = useRealNameSnapshot();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = inAppPath(params.get('redirect'));

  if (snapshot.isPending) return <ScreenSkeleton />;
  if (snapshot.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailed}
        description={m.loadFailedHint}
        actions={[{ text: m.retry, primary: true, onClick: () => void snapshot.refetch() }]}
      />
    );
  return (
    <div className="real-name">
      {snapshot.data.verified ? (
        <VerifiedCard
          snapshot={snapshot.data}
          continueText={redirect ? m.continue : m.back}
          onContinue={() => void (redirect ? navigate(redirect, { replace: true }) : navigate(-1))}
        />
      ) : (
        <RealNameForm snapshot={snapshot.data} />
      )}
    </div>
  );
}
