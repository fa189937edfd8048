import { Input, Selector, TextArea } from 'antd-mobile';
import {
  DESCRIPTION_MAX,
  feeSchedule,
  fenToAmount,
  rateFee,
  TITLE_MAX,
  type GuaranteeOption,
} from '@haoshi/contracts';
import { publishMessages as text } from '../messages';
import { FieldBlock } from './field-block';
import { yuanToFen, type DraftAction, type PublishDraft } from './publish-draft';
import type { FieldErrors } from './wizard-steps';

interface StepDetailsProps {
  draft: PublishDraft;
  guarantees: readonly GuaranteeOption[];
  errors: FieldErrors;
  dispatch: (action: DraftAction) => void;
}

/** What the seller gets for a price: the guaranteed-trade fee comes off (fees.ts). */
export function sellerNet(priceFen: number): { fee: number; net: number } {
  const fee = rateFee(priceFen, feeSchedule.guaranteedTrade);
  return { fee, net: Math.max(0, priceFen - fee) };
}

/** Title, description, price and original price (yuan), 包赔 options and tags. */
export function StepDetails({ draft, guarantees, errors, dispatch }: StepDetailsProps) {
  const priceFen = yuanToFen(draft.price);
  const net = priceFen === undefined ? undefined : sellerNet(priceFen);
  const tags = [...(draft.bargain ? ['bargain'] : []), ...(draft.urgent ? ['urgent'] : [])];
  return (
    <div className="publish-form">
      <FieldBlock field="title" label={text.titleLabel} required error={errors.title}>
        <Input
          aria-label={text.titleLabel}
          placeholder={text.titlePlaceholder}
          maxLength={TITLE_MAX}
          value={draft.title}
          onChange={(value) => dispatch({ type: 'text', field: 'title', value })}
          clearable
        />
      </FieldBlock>
      <FieldBlock
        field="description"
        label={text.descriptionLabel}
        hint={text.optional}
        error={errors.description}
      >
        <TextArea
          aria-label={text.descriptionLabel}
          placeholder={text.descriptionPlaceholder}
          maxLength={DESCRIPTION_MAX}
          autoSize={{ minRows: 3, maxRows: 8 }}
          showCount
          value={draft.description}
          onChange={(value) => dispatch({ type: 'text', field: 'description', value })}
        />
      </FieldBlock>
      <div className="publish-row">
        <FieldBlock field="price" label={text.priceLabel} required error={errors.price}>
          <Input
            aria-label={text.priceLabel}
            inputMode="decimal"
            placeholder={text.pricePlaceholder}
            value={draft.price}
            onChange={(value) => dispatch({ type: 'text', field: 'price', value })}
          />
        </FieldBlock>
        <FieldBlock field="original_price" label={text.originalPriceLabel} error={errors.original_price}>
          <Input
            aria-label={text.originalPriceLabel}
            inputMode="decimal"
            value={draft.originalPrice}
            onChange={(value) => dispatch({ type: 'text', field: 'originalPrice', value })}
          />
        </FieldBlock>
      </div>
      {net ? (
        <p className="publish-net" data-testid="seller-net">
          {text.youReceive(fenToAmount(net.fee), fenToAmount(net.net))}
        </p>
      ) : null}
      {guarantees.length > 0 ? (
        <FieldBlock
          field="guarantees"
          label={text.guaranteesLabel}
          hint={text.optional}
          error={errors.guarantees}
        >
          <Selector
            multiple
            columns={1}
            options={guarantees.map((option) => ({
              value: option.code,
              label: option.name,
              description: option.description,
            }))}
            value={draft.guarantees}
            onChange={(codes) => dispatch({ type: 'guarantees', codes })}
          />
        </FieldBlock>
      ) : null}
      <FieldBlock field="tags" label={text.tagsLabel} hint={text.optional}>
        <Selector
          multiple
          columns={2}
          options={[
            { value: 'bargain', label: text.bargain },
            { value: 'urgent', label: text.urgent },
          ]}
          value={tags}
          onChange={(selected) => {
            dispatch({ type: 'flag', field: 'bargain', value: selected.includes('bargain') });
            dispatch({ type: 'flag', field: 'urgent', value: selected.includes('urgent') });
          }}
        />
      </FieldBlock>
      {draft.bargain ? (
        <FieldBlock
          field="bargain_floor"
          label={text.bargainFloorLabel}
          hint={text.bargainFloorHint}
          error={errors.bargain_floor}
        >
          <Input
            aria-label={text.bargainFloorLabel}
            inputMode="decimal"
            value={draft.bargainFloor}
            onChange={(value) => dispatch({ type: 'text', field: 'bargainFloor', value })}
          />
        </FieldBlock>
      ) : null}
      <FieldBlock
        field="account_hint"
        label={text.accountHintLabel}
        hint={text.optional}
        error={errors.account_hint}
      >
        <Input
          aria-label={text.accountHintLabel}
          placeholder={text.accountHintPlaceholder}
          maxLength={100}
          value={draft.accountHint}
          onChange={(value) => dispatch({ type: 'text', field: 'accountHint', value })}
        />
      </FieldBlock>
    </div>
  );
}
