/** A binding as the detail answers it: the field's label and the chosen option's display text. */
export interface BindingPair {
  key: string;
  label: string;
  value: string;
}

export interface ChecklistRow {
  key: string;
  label: string;
  /** true: ✓ (bound, possible, no wait); false: ✗. */
  ok: boolean;
  detail: string;
}

/** Social logins linked to an account (WeChat, QQ, TapTap, WeGame, NetEase …). */
const LINK_KEYS: ReadonlySet<string> = new Set(['wechat', 'qq', 'tap', 'wegame', 'netease']);
const ORDER = ['phone', 'email', 'real_name', 'second_real_name', 'can_rebind', 'rebind_cooldown_days'];

const negative = (value: string) => /^(未|否|无)/.test(value) || value.includes('不可');

function realNameRows(pair: BindingPair): ChecklistRow[] {
  const named = !pair.value.startsWith('未');
  const rows: ChecklistRow[] = [{ key: 'real_name', label: '已实名', ok: named, detail: pair.value }];
  if (named) {
    const secondOk = !pair.value.includes('不可');
    rows.push({
      key: 'second_real_name',
      label: '可二次实名',
      ok: secondOk,
      detail: secondOk ? '买家可登记自己的实名信息' : '不可二次实名，存在被找回的风险',
    });
  }
  return rows;
}

function cooldownRow(pair: BindingPair): ChecklistRow {
  const days = Number.parseInt(pair.value, 10);
  const none = Number.isNaN(days) || days === 0;
  return {
    key: pair.key,
    label: '无换绑冷却期',
    ok: none,
    detail: none ? '可立即换绑' : `需等待 ${pair.value} 才能换绑`,
  };
}

function rowsOf(pair: BindingPair): ChecklistRow[] {
  switch (pair.key) {
    case 'real_name':
      return realNameRows(pair);
    case 'rebind_cooldown_days':
      return [cooldownRow(pair)];
    case 'phone':
      return [
        {
          key: 'phone',
          label: '手机可换绑',
          ok: pair.value.includes('可换绑') || pair.value.startsWith('未'),
          detail: pair.value,
        },
      ];
    case 'email':
      return [{ key: 'email', label: '邮箱可换绑', ok: !negative(pair.value), detail: pair.value }];
    default:
      return [
        {
          key: pair.key,
          label: LINK_KEYS.has(pair.key) ? pair.label.replace(/^关联/, '') : pair.label,
          ok: !negative(pair.value),
          detail: pair.value,
        },
      ];
  }
}

/**
 * The bindings as ✓/✗ rows a buyer reads at a glance: phone and e-mail (can they be moved to the
 * buyer), real name and a second real-name registration, full rebinding, the social logins linked
 * and the rebind cooldown. Rows keep the seller's exact wording as their detail.
 */
export function bindingChecklist(bindings: readonly BindingPair[]): ChecklistRow[] {
  const rows = bindings.flatMap(rowsOf);
  const rank = (row: ChecklistRow) => {
    const at = ORDER.indexOf(row.key);
    return at === -1 ? ORDER.indexOf('can_rebind') + 0.5 : at;
  };
  return [...rows].sort((a, b) => rank(a) - rank(b));
}
