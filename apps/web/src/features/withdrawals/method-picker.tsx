import { Button, List, Popup, Radio } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { payoutMethodTypeLabels, type PayoutMethodSummary } from '@haoshi/contracts';
import { methodIcons, withdrawMessages as m } from './messages';

export function MethodLabel({ method }: { method: Omit<PayoutMethodSummary, 'id'> }) {
  return (
    <span className="withdraw-method">
      <span className={`withdraw-method__icon withdraw-method__icon--${method.type}`} aria-hidden="true">
        {methodIcons[method.type]}
      </span>
      <span>
        {payoutMethodTypeLabels[method.type]} {method.account_masked}
        <small className="withdraw-method__holder">{method.holder_name}</small>
      </span>
    </span>
  );
}

interface MethodPickerProps {
  methods: readonly PayoutMethodSummary[];
  value: number | null;
  onChange: (id: number) => void;
}

/** The chosen payout method; tapping opens the list to choose another or add one. */
export function MethodPicker({ methods, value, onChange }: MethodPickerProps) {
  const [open, setOpen] = useState(false);
  const chosen = methods.find((method) => method.id === value);
  if (methods.length === 0) {
    return (
      <div className="withdraw-card withdraw-method-empty">
        <span>{m.noMethod}</span>
        <Link to="/addPayMentType" className="withdraw-link">
          {m.addMethod}
        </Link>
      </div>
    );
  }
  return (
    <>
      <List mode="card" className="withdraw-method-list">
        <List.Item title={m.method} onClick={() => setOpen(true)} arrowIcon data-testid="withdraw-method">
          {chosen ? <MethodLabel method={chosen} /> : m.chooseMethod}
        </List.Item>
      </List>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="withdraw-sheet" destroyOnClose>
        <h2 className="withdraw-sheet__title">{m.chooseMethod}</h2>
        <Radio.Group
          value={value ?? undefined}
          onChange={(id) => {
            onChange(Number(id));
            setOpen(false);
          }}
        >
          <List>
            {methods.map((method) => (
              <List.Item
                key={method.id}
                prefix={<Radio value={method.id} aria-label={method.account_masked} />}
              >
                <MethodLabel method={method} />
              </List.Item>
            ))}
          </List>
        </Radio.Group>
        <Link to="/addPayMentType" className="withdraw-sheet__add">
          + {m.addMethod}
        </Link>
        <Button block onClick={() => setOpen(false)}>
          {m.cancel}
        </Button>
      </Popup>
    </>
  );
}
