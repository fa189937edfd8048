import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { AttributeField, AttributeValues, BindingField } from '@haoshi/contracts';
import { controlsOf, numberValueOf } from './attribute-controls';
import { AttributeForm } from './attribute-form';

const fields: AttributeField[] = [
  {
    key: 'rank',
    label: '段位',
    type: 'enum',
    required: true,
    filterable: true,
    highlight: true,
    options: [
      { value: 'v1', label: '黄金' },
      { value: 'v2', label: '王者' },
    ],
  },
  {
    key: 'skins',
    label: '皮肤数',
    type: 'int',
    required: true,
    filterable: true,
    highlight: true,
    min: 0,
    max: 600,
    unit: '个',
  },
  {
    key: 'rare',
    label: '稀有皮肤',
    type: 'multi',
    required: false,
    filterable: true,
    highlight: false,
    max_select: 2,
    options: [
      { value: '凤求凰', label: '凤求凰' },
      { value: '引擎之心', label: '引擎之心' },
      { value: '地狱火', label: '地狱火' },
    ],
  },
  {
    key: 'note',
    label: '备注',
    type: 'text',
    required: false,
    filterable: false,
    highlight: false,
    max_length: 20,
  },
];
const bindings: BindingField[] = [
  { key: 'can_rebind', label: '支持换绑', type: 'bool', required: true },
  {
    key: 'phone',
    label: '手机绑定',
    type: 'enum',
    required: true,
    options: [
      { value: 'verify', label: '已绑定，换绑需原手机验证' },
      { value: 'none', label: '未绑定' },
    ],
  },
];

function Harness({ onValues }: { onValues: (values: AttributeValues) => void }) {
  const [values, setValues] = useState<AttributeValues>({});
  return (
    <AttributeForm
      controls={[...controlsOf(fields, 'attrs'), ...controlsOf(bindings, 'bindings')]}
      values={values}
      errors={{ 'attrs.skins': '皮肤数须在0到600个之间' }}
      onChange={(key, value) => {
        const next = { ...values };
        if (value === undefined) delete next[key];
        else next[key] = value;
        setValues(next);
        onValues(next);
      }}
    />
  );
}

describe('attribute form from a schema', () => {
  it('derives one control per field with ranges, limits and server paths', () => {
    const controls = controlsOf(fields, 'attrs');
    expect(controls.map((control) => [control.kind, control.path])).toEqual([
      ['choice', 'attrs.rank'],
      ['number', 'attrs.skins'],
      ['multi', 'attrs.rare'],
      ['text', 'attrs.note'],
    ]);
    expect(controls[1]).toMatchObject({ min: 0, max: 600, unit: '个', hint: '0–600个' });
    expect(controls[2]).toMatchObject({ maxSelect: 2, hint: '最多选2项' });
    const [yesNo, phone] = controlsOf(bindings, 'bindings');
    expect(yesNo).toMatchObject({ kind: 'yes-no', path: 'bindings.can_rebind' });
    expect(phone).toMatchObject({ kind: 'choice', columns: 2 });
    expect(controls[0]).toMatchObject({ columns: 3 });
  });

  it('reads number inputs as integers and keeps anything else for validation to refuse', () => {
    expect(numberValueOf('')).toBeUndefined();
    expect(numberValueOf(' 42 ')).toBe(42);
    expect(numberValueOf('4.5')).toBe('4.5');
  });

  it('renders the controls, stores typed values and shows the field error', () => {
    let values: AttributeValues = {};
    render(<Harness onValues={(next) => (values = next)} />);

    expect(screen.getByText('皮肤数须在0到600个之间')).toBeTruthy();
    const skins = screen.getByRole('textbox', { name: '皮肤数' });
    expect(skins.getAttribute('placeholder')).toBe('0–600个');
    fireEvent.change(skins, { target: { value: '128' } });
    expect(values.skins).toBe(128);

    fireEvent.click(screen.getByText('王者'));
    expect(values.rank).toBe('v2');

    fireEvent.click(screen.getByText('凤求凰'));
    fireEvent.click(screen.getByText('引擎之心'));
    fireEvent.click(screen.getByText('地狱火'));
    expect(values.rare).toEqual(['凤求凰', '引擎之心']);

    fireEvent.click(screen.getByText('否'));
    expect(values.can_rebind).toBe(false);
    fireEvent.click(screen.getByText('是'));
    expect(values.can_rebind).toBe(true);

    fireEvent.click(screen.getByText('已绑定，换绑需原手机验证'));
    expect(values.phone).toBe('verify');
  });
});
