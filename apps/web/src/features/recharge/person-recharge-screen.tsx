import { RechargeScreen } from './recharge-screen';

/** /personRecharge: recharge the wallet with any channel. */
export default function PersonRechargeScreen() {
  return <RechargeScreen />;
}
