import { useSearchParams } from 'react-router';
import type { PaymentChannel } from '@haoshi/contracts';
import { RechargeForm } from './recharge-form';
import { RechargeResult } from './recharge-result';
import { RequireLogin } from '@/ui/require-login';
import './recharge.css';

const orderNoPattern = /^R\d{8,32}$/;

function Recharge({ fixedChannel }: { fixedChannel?: PaymentChannel | undefined }) {
  const [params, setParams] = useSearchParams();
  const orderNo = params.get('order_no');
  if (orderNo && orderNoPattern.test(orderNo)) {
    return (
      <RechargeResult key={orderNo} orderNo={orderNo} onAgain={() => setParams({}, { replace: true })} />
    );
  }
  return <RechargeForm {...(fixedChannel ? { fixedChannel } : {})} />;
}

/**
 * The one recharge screen behind /personRecharge (any channel), /wxRecharge and /alipayRecharge
 * (channel fixed). The cashier sends the user back with `?order_no=`, which shows the result.
 */
export function RechargeScreen({ fixedChannel }: { fixedChannel?: PaymentChannel }) {
  return (
    <RequireLogin>
      <Recharge fixedChannel={fixedChannel} />
    </RequireLogin>
  );
}
