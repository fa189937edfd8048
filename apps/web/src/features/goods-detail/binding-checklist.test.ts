import { describe, expect, it } from 'vitest';
import { bindingChecklist } from './binding-checklist';

const pair = (key: string, label: string, value: string) => ({ key, label, value });

describe('bindingChecklist', () => {
  it('turns every binding into ✓/✗ rows in a fixed order, splitting real name and second real name', () => {
    const rows = bindingChecklist([
      pair('rebind_cooldown_days', '换绑冷却期', '0天'),
      pair('wegame', 'WeGame', '已关联WeGame'),
      pair('email', '邮箱绑定', '未绑定邮箱'),
      pair('real_name', '实名情况', '已实名，不可二次实名'),
      pair('phone', '手机绑定', '已绑定，可换绑'),
      pair('can_rebind', '支持换绑', '否'),
    ]);
    expect(rows.map((row) => [row.key, row.ok])).toEqual([
      ['phone', true],
      ['email', false],
      ['real_name', true],
      ['second_real_name', false],
      ['can_rebind', false],
      ['wegame', true],
      ['rebind_cooldown_days', true],
    ]);
    expect(rows.find((row) => row.key === 'rebind_cooldown_days')?.detail).toBe('可立即换绑');
  });

  it('has no second real-name row for an account without real name, and an unbound phone is fine', () => {
    const rows = bindingChecklist([
      pair('real_name', '实名情况', '未实名'),
      pair('phone', '手机绑定', '未绑定手机'),
      pair('tap', 'TapTap', '未关联'),
    ]);
    expect(rows.map((row) => [row.key, row.ok])).toEqual([
      ['phone', true],
      ['real_name', false],
      ['tap', false],
    ]);
  });

  it('is empty when the seller gave no bindings', () => {
    expect(bindingChecklist([])).toEqual([]);
  });
});
