import { Button, Popup } from 'antd-mobile';
import type { WithdrawAlert } from '@haoshi/contracts';
import { MethodLabel } from './method-picker';
import { withdrawMessages as m } from './messages';

interface AlertSheetProps {
  alert: WithdrawAlert | null;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** What the user is about to do, with the fee and the amount received, before they confirm. */
export function AlertSheet({ alert, submitting, onConfirm, onClose }: AlertSheetProps) {
  return (
    <Popup
      visible={alert !== null}
      onMaskClick={submitting ? undefined : onClose}
      bodyClassName="withdraw-sheet"
    >
      {alert ? (
        <div role="dialog" aria-label={m.confirmTitle} data-testid="withdraw-alert">
          <h2 className="withdraw-sheet__title">{m.confirmTitle}</h2>
          <p className="withdraw-sheet__amount">¥{alert.amount}</p>
          <dl className="withdraw-rows">
            <dt>{m.fee}</dt>
            <dd data-testid="withdraw-alert-fee">¥{alert.fee}</dd>
            <dt>{m.received}</dt>
            <dd data-testid="withdraw-alert-received" className="withdraw-rows__strong">
              ¥{alert.received}
            </dd>
            <dt>{m.arrival}</dt>
            <dd>{alert.arrival}</dd>
            <dt>{m.method}</dt>
            <dd>
              <MethodLabel method={alert.method} />
            </dd>
          </dl>
          <ul className="withdraw-rules withdraw-rules--compact">
            {alert.rules.slice(0, 3).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <div className="withdraw-sheet__actions">
            <Button block onClick={onClose} disabled={submitting}>
              {m.cancel}
            </Button>
            <Button
              block
              color="primary"
              loading={submitting}
              onClick={onConfirm}
              data-testid="withdraw-confirm"
            >
              {m.confirm}
            </Button>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
