import { Button, Input, List, Tag } from 'antd-mobile';
import { useState } from 'react';
import type { OrderHandover, RebindingStep } from '@haoshi/contracts';
import { useConfirmRebindingStep } from './api/rebinding-confirm';
import { useMarkRebindingDone } from './api/rebinding-done';
import { handoverMessages as m } from './messages';

function SellerDone({ orderNo, step }: { orderNo: string; step: RebindingStep }) {
  const done = useMarkRebindingDone();
  const [note, setNote] = useState('');
  if (step.seller_done_at) return <Tag color="success">{m.sellerDone}</Tag>;
  return (
    <div className="handover__seller-done">
      <Input
        aria-label={`${step.label}${m.markDoneNote}`}
        placeholder={m.markDoneNote}
        value={note}
        onChange={setNote}
        maxLength={200}
      />
      <Button
        size="mini"
        color="primary"
        fill="outline"
        loading={done.isPending}
        onClick={() =>
          done.mutate({ order_no: orderNo, step: step.key, ...(note.trim() ? { note: note.trim() } : {}) })
        }
      >
        {m.markDone}
      </Button>
    </div>
  );
}

/** The rebinding checklist: the buyer (or staff) confirms each step, the seller marks their part. */
export function RebindingChecklist({ data }: { data: OrderHandover }) {
  const confirmStep = useConfirmRebindingStep();
  const active = data.state === 'rebinding';
  const confirms = active && (data.role === 'buyer' || data.role === 'customer_service');
  return (
    <section className="handover__card" aria-label={m.rebindingTitle}>
      <h3>{m.rebindingTitle}</h3>
      {data.rebinding.length === 0 ? (
        <p className="handover__hint">{m.rebindingEmpty}</p>
      ) : (
        <>
          {active ? <p className="handover__hint">{m.rebindingHint}</p> : null}
          <List>
            {data.rebinding.map((step) => (
              <List.Item
                key={step.key}
                description={
                  <>
                    {step.hint}
                    {step.seller_note ? (
                      <span className="handover__note">卖家：{step.seller_note}</span>
                    ) : null}
                  </>
                }
                extra={
                  step.confirmed_at ? (
                    <Tag color="success">{m.confirmed}</Tag>
                  ) : confirms ? (
                    <Button
                      size="mini"
                      color="primary"
                      loading={confirmStep.isPending && confirmStep.variables.step === step.key}
                      onClick={() => confirmStep.mutate({ order_no: data.order_no, step: step.key })}
                    >
                      {m.confirmStep}
                    </Button>
                  ) : null
                }
              >
                <span data-testid={`step-${step.key}`}>{step.label}</span>{' '}
                <Tag color={step.required ? 'danger' : 'default'} fill="outline">
                  {step.required ? m.required_ : m.optional}
                </Tag>
                {active && data.role === 'seller' && !step.confirmed_at ? (
                  <SellerDone orderNo={data.order_no} step={step} />
                ) : null}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </section>
  );
}
