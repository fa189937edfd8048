import { useNavigate } from 'react-router';
import { isApiError } from '@/core/http/errors';
import { StatusScreen } from '@/ui/status-screen';
import { protocolMessages as m } from '../messages';

const ORDERS_PATH = '/afterSalesList';

/** A protocol screen opened without an order number. */
export function NoOrderScreen() {
  const navigate = useNavigate();
  return (
    <StatusScreen
      status="empty"
      title={m.noOrder}
      description={m.noOrderHint}
      actions={[{ text: m.toOrders, primary: true, onClick: () => void navigate(ORDERS_PATH) }]}
    />
  );
}

/** A protocol that did not load: not the viewer's (5801, said as not found) or a failed request. */
export function ProtocolLoadError({ error, retry }: { error: Error; retry: () => void }) {
  const navigate = useNavigate();
  const missing = isApiError(error) && error.code === 5801;
  return (
    <StatusScreen
      status={missing ? 'empty' : 'disconnected'}
      title={missing ? m.notFound : m.loadFailed}
      description={missing ? m.notFoundHint : m.loadFailedHint}
      actions={
        missing
          ? [{ text: m.toOrders, primary: true, onClick: () => void navigate(ORDERS_PATH) }]
          : [{ text: m.retry, primary: true, onClick: retry }]
      }
    />
  );
}
