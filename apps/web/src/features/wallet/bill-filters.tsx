import { Button, DatePicker, Picker } from 'antd-mobile';
import { useState } from 'react';
import { billTypeLabels, billTypes, type BillType } from '@haoshi/contracts';
import type { BillFilter } from './api/bills';
import { monthLabel } from './bill-months';
import { billMessages as text } from './messages';

const typeColumns = [
  [
    { label: text.allTypes, value: '' },
    ...billTypes.map((type) => ({ label: billTypeLabels[type], value: type })),
  ],
];

const toMonth = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
const fromMonth = (month: string) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(year, monthNumber - 1, 1);
};

/** The type and month pickers of /billList. */
export function BillFilters({
  filter,
  onChange,
}: {
  filter: BillFilter;
  onChange: (next: BillFilter) => void;
}) {
  const [open, setOpen] = useState<'type' | 'month' | null>(null);
  const now = new Date();
  return (
    <div className="bill-filters" role="group" aria-label="筛选">
      <Button size="small" shape="rounded" onClick={() => setOpen('type')} aria-haspopup="dialog">
        {filter.type ? billTypeLabels[filter.type] : text.allTypes} ▾
      </Button>
      <Button size="small" shape="rounded" onClick={() => setOpen('month')} aria-haspopup="dialog">
        {filter.month ? monthLabel(filter.month) : text.allMonths} ▾
      </Button>
      {filter.month ? (
        <button
          type="button"
          className="bill-filters__clear"
          onClick={() => onChange({ ...filter, month: undefined })}
        >
          {text.clearMonth}
        </button>
      ) : null}
      <Picker
        title={text.chooseType}
        columns={typeColumns}
        visible={open === 'type'}
        value={[filter.type ?? '']}
        onClose={() => setOpen(null)}
        onConfirm={([value]) => onChange({ ...filter, type: value ? (value as BillType) : undefined })}
      />
      <DatePicker
        title={text.chooseMonth}
        precision="month"
        visible={open === 'month'}
        min={new Date(2020, 0, 1)}
        max={now}
        value={filter.month ? fromMonth(filter.month) : now}
        onClose={() => setOpen(null)}
        onConfirm={(date) => onChange({ ...filter, month: toMonth(date) })}
        renderLabel={(type, value) => (type === 'year' ? `${value}年` : `${value}月`)}
      />
    </div>
  );
}
