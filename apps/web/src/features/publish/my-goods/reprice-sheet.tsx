import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import type { GoodsData, MyGoodsItem } from '@haoshi/contracts';
import { validAmount } from '@/core/amount';
import { showToast } from '@/core/feedback-ui';
import { PublishRefusal } from '../api/publish-goods';
import { useRepriceGoods } from '../api/reprice-goods';
import { myGoodsMessages as text, publishMessages } from '../messages';
import { priceErrors, type PriceErrors } from '../price-rules';
import { FieldBlock } from '../wizard/field-block';

interface RepriceSheetProps {
  /** The listing being re-priced; null: the sheet is closed. */
  item: MyGoodsItem | null;
  onClose: () => void;
  onDone: (data: GoodsData) => void;
}

const withoutZeroCents = (amount: string) => amount.replace(/\.00$/, '');

function RepriceForm({ item, onClose, onDone }: RepriceSheetProps & { item: MyGoodsItem }) {
  const [price, setPrice] = useState(withoutZeroCents(item.price));
  const [originalPrice, setOriginalPrice] = useState(withoutZeroCents(item.original_price ?? ''));
  const [errors, setErrors] = useState<PriceErrors>({});
  const reprice = useRepriceGoods();

  const submit = () => {
    const local = priceErrors(price, originalPrice);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    const original = validAmount(originalPrice);
    reprice.mutate(
      { goods_id: item.id, price: validAmount(price) ?? price, original_price: original ?? null },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!(error instanceof PublishRefusal)) return;
          const fields = Object.fromEntries(error.fields.map((problem) => [problem.field, problem.message]));
          if ('price' in fields || 'original_price' in fields) setErrors(fields);
          else showToast(error.message);
        },
      },
    );
  };

  return (
    <form
      className="reprice-sheet"
      aria-label={text.repriceTitle}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className="reprice-sheet__title">{text.repriceTitle}</h2>
      <p className="reprice-sheet__goods">{item.title}</p>
      <p className="publish-muted">{text.repriceCurrent(item.price)}</p>
      <FieldBlock field="price" label={publishMessages.priceLabel} required error={errors.price}>
        <Input
          aria-label={publishMessages.priceLabel}
          inputMode="decimal"
          placeholder={publishMessages.pricePlaceholder}
          value={price}
          onChange={(value) => {
            setPrice(value);
            setErrors(({ price: _price, ...rest }) => rest);
          }}
        />
      </FieldBlock>
      <FieldBlock
        field="original_price"
        label={publishMessages.originalPriceLabel}
        error={errors.original_price}
      >
        <Input
          aria-label={publishMessages.originalPriceLabel}
          inputMode="decimal"
          value={originalPrice}
          onChange={(value) => {
            setOriginalPrice(value);
            setErrors(({ original_price: _original, ...rest }) => rest);
          }}
        />
      </FieldBlock>
      <p className="publish-muted">{text.repriceHint}</p>
      {item.tags.includes('official_shots') ? (
        <p className="reprice-sheet__warning" role="note">
          {text.repriceVerifiedHint}
        </p>
      ) : null}
      <div className="reprice-sheet__actions">
        <Button block onClick={onClose} disabled={reprice.isPending}>
          {text.repriceCancel}
        </Button>
        <Button block color="primary" type="submit" loading={reprice.isPending}>
          {text.repriceSubmit}
        </Button>
      </div>
    </form>
  );
}

/** 改价: a new price (and original price) for one listing, checked here by the server's rules. */
export function RepriceSheet({ item, onClose, onDone }: RepriceSheetProps) {
  return (
    <Popup visible={item !== null} onMaskClick={onClose} bodyClassName="reprice-sheet__body" destroyOnClose>
      {item ? <RepriceForm key={item.id} item={item} onClose={onClose} onDone={onDone} /> : null}
    </Popup>
  );
}
