import {
  allowedActions,
  bargainProcess,
  isTerminal,
  type Bargain,
  type BargainAction,
} from '@haoshi/contracts';
import { bargainMessages as m } from './messages';

export type BargainButton = { action: BargainAction; label: string } | { action: 'delete'; label: string };

/** The buttons of a bargain for the viewer: the process table's actions for their role, then 删除 once over. */
export function bargainButtons(bargain: Pick<Bargain, 'status' | 'role'>): BargainButton[] {
  const actions: BargainButton[] = allowedActions(bargainProcess, bargain.status, [bargain.role]).map(
    (action) => ({ action, label: bargainProcess.transitions[action].label }),
  );
  return isTerminal(bargainProcess, bargain.status)
    ? [...actions, { action: 'delete', label: m.delete }]
    : actions;
}

/** Where 按议价购买 leads: the order screen with the agreed bargain. */
export const orderPathOf = (bargain: Pick<Bargain, 'id' | 'goods'>) =>
  `/order_detail?goods_id=${bargain.goods.id}&bargain_id=${bargain.id}`;
