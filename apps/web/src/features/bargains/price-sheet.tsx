import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { amountToFen } from '@haoshi/contracts';
import { validAmount } from '@/core/amount';
import { bargainMessages as m } from './messages';

export interface PriceBounds {
  /** The price must be above this (fen); 0: any positive amount. */
  aboveFen: number;
  /** The price must be below this (fen). */
  belowFen: number;
  /** What to say when outside the bounds. */
  outside: string;
}

/** The error of a typed price, or '' when it may be sent. */
export function priceProblem(text: string, bounds: PriceBounds): string {
  const amount = validAmount(text.trim());
  if (amount === undefined) return m.invalidPrice;
  const fen = amountToFen(amount);
  return fen <= bounds.aboveFen || fen >= bounds.belowFen ? bounds.outside : '';
}

interface PriceSheetProps {
  open: boolean;
  title: string;
  placeholder: string;
  submitText: string;
  hints: readonly string[];
  bounds: PriceBounds;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (price: string) => void;
}

/** A bottom sheet asking for a price (an offer again, a counter-offer), checked before it is sent. */
export function PriceSheet(props: PriceSheetProps) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = priceProblem(text, props.bounds);
  return (
    <Popup
      visible={props.open}
      onMaskClick={props.submitting ? undefined : props.onClose}
      bodyClassName="bargain-sheet"
    >
      <div role="dialog" aria-label={props.title}>
        <h2 className="bargain-sheet__title">{props.title}</h2>
        <PriceField
          text={text}
          placeholder={props.placeholder}
          problem={touched ? problem : ''}
          onChange={(value) => {
            setText(value);
            setTouched(true);
          }}
        />
        <ul className="bargain-hints">
          {props.hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
        <div className="bargain-sheet__actions">
          <Button block onClick={props.onClose} disabled={props.submitting}>
            {m.cancel}
          </Button>
          <Button
            block
            color="primary"
            disabled={problem !== ''}
            loading={props.submitting}
            onClick={() => props.onSubmit(validAmount(text.trim()) ?? text)}
          >
            {props.submitText}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

export function PriceField(props: {
  text: string;
  placeholder: string;
  problem: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="bargain-price-field">
      <span className="bargain-price-field__currency">¥</span>
      <Input
        aria-label={m.priceLabel}
        inputMode="decimal"
        placeholder={props.placeholder}
        value={props.text}
        onChange={props.onChange}
        clearable
      />
      {props.problem ? (
        <p className="bargain-price-field__problem" role="alert">
          {props.problem}
        </p>
      ) : null}
    </div>
  );
}
