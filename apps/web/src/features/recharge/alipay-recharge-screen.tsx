import { RechargeScreen } from './recharge-screen';

/** /alipayRecharge: recharge with Alipay. */
export default function AlipayRechargeScreen() {
  return <RechargeScreen fixedChannel="alipay" />;
}
