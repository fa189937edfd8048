import { Button, Input, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import {
  canTake,
  checkAmount,
  DAMAGES_MAX_RATE,
  damagesPartyLabels,
  orderProcess,
  type OrderHandover,
} from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { formatChinaDateTime } from '@/core/china-time';
import { useLiquidatedDamages } from './api/liquidated-damages';
import { handoverMessages as m } from './messages';

type Party = keyof typeof damagesPartyLabels;
const partyOptions = (Object.keys(damagesPartyLabels) as Party[]).map((party) => ({
  label: damagesPartyLabels[party],
  value: party,
}));

/** Customer service's decision form: the party at fault, the amount (capped by the server) and why. */
function DamagesForm({ orderNo }: { orderNo: string }) {
  const decide = useLiquidatedDamages();
  const [party, setParty] = useState<Party>('seller');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const validAmount = checkAmount(amount.trim());
  const ready = validAmount !== undefined && reason.trim().length >= 4;

  const submit = async () => {
    if (validAmount === undefined) return;
    if (
      await confirm({
        title: m.damagesSubmit,
        content: m.damagesConfirm(damagesPartyLabels[party], validAmount),
      })
    )
      decide.mutate({ order_no: orderNo, party, amount: validAmount, reason: reason.trim() });
  };

  return (
    <div className="handover__damages-form">
      <p className="handover__hint">{m.damagesHint}</p>
      <span className="handover__label" id="damages-party">
        {m.damagesParty}
      </span>
      <Selector
        aria-labelledby="damages-party"
        options={partyOptions}
        value={[party]}
        onChange={(values) => {
          const [next] = values;
          if (next) setParty(next);
        }}
      />
      <Input
        aria-label={m.damagesAmount}
        placeholder={`${m.damagesAmount}，${m.damagesAmountHint(DAMAGES_MAX_RATE)}`}
        inputMode="decimal"
        value={amount}
        onChange={setAmount}
      />
      {amount.trim() !== '' && validAmount === undefined ? (
        <p className="handover__error" role="alert">
          {m.damagesAmountInvalid}
        </p>
      ) : null}
      <TextArea
        aria-label={m.damagesReason}
        placeholder={m.damagesReason}
        value={reason}
        onChange={setReason}
        maxLength={200}
        rows={3}
      />
      <Button
        block
        color="warning"
        disabled={!ready}
        loading={decide.isPending}
        onClick={() => void submit()}
      >
        {m.damagesSubmit}
      </Button>
    </div>
  );
}

/**
 * Liquidated damages (违约金) of an order: the decision once taken, for both parties and staff; the
 * form for customer service while the process allows it and nothing was decided yet.
 */
export function DamagesPanel({ data }: { data: OrderHandover }) {
  const canDecide =
    data.damages === null &&
    data.role === 'customer_service' &&
    canTake(orderProcess, data.state, 'liquidated_damages', ['customer_service']);
  if (data.damages === null && !canDecide) return null;
  return (
    <section className="handover__card" aria-label={m.damagesTitle}>
      <h3>{m.damagesTitle}</h3>
      {data.damages ? (
        <>
          <p className="handover__ok">
            {m.damagesDecided(damagesPartyLabels[data.damages.party], data.damages.amount)}
          </p>
          <p>{data.damages.reason}</p>
          <span className="handover__hint">{formatChinaDateTime(data.damages.at)}</span>
        </>
      ) : (
        <DamagesForm orderNo={data.order_no} />
      )}
    </section>
  );
}
