import { useNavigate } from 'react-router';
import { ErrorCodes } from '@haoshi/contracts';
import { StatusScreen } from '@/ui/status-screen';
import { staffMessages as s } from './messages';

function Forbidden() {
  const navigate = useNavigate();
  return (
    <StatusScreen
      status="default"
      title={s.forbiddenTitle}
      description={s.forbiddenHint}
      actions={[{ text: '返回我的', primary: true, onClick: () => void navigate('/mine') }]}
      testId="staff-forbidden"
    />
  );
}

/** Staff screens explain a non-finance refusal instead of showing a bare error. */
export const staffRefusal = (code: number) =>
  code === ErrorCodes.WITHDRAWAL_STAFF_ONLY ? <Forbidden /> : undefined;
