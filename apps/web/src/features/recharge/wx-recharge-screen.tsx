import { RechargeScreen } from './recharge-screen';

/** /wxRecharge: recharge with WeChat Pay. */
export default function WxRechargeScreen() {
  return <RechargeScreen fixedChannel="wechat" />;
}
