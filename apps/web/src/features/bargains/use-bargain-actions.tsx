import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { amountToFen, type Bargain } from '@haoshi/contracts';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { useAgreeBargain } from './api/agree-bargain';
import { useCancelBargain } from './api/cancel-bargain';
import { useCounterBargain } from './api/counter-bargain';
import { useDeleteBargain } from './api/delete-bargain';
import { useOfferBargain } from './api/offer-bargain';
import { useRejectBargain } from './api/reject-bargain';
import { orderPathOf, type BargainButton } from './bargain-buttons';
import { bargainMessages as m } from './messages';
import { PriceSheet } from './price-sheet';

type PriceAsk = { kind: 'counter' | 'reoffer'; bargain: Bargain };

/** What pressing a bargain's button does: confirm, ask a price, or go to the order; then the call. */
export function useBargainActions(): {
  run: (button: BargainButton, bargain: Bargain) => Promise<void>;
  pendingId: number | undefined;
  sheet: ReactNode;
} {
  const navigate = useNavigate();
  const [asking, setAsking] = useState<PriceAsk | null>(null);
  const done = (text: string) => () => showToast({ icon: 'success', content: text });
  const agree = useAgreeBargain(done(m.done));
  const reject = useRejectBargain(done(m.done));
  const cancel = useCancelBargain(done(m.done));
  const remove = useDeleteBargain(done(m.deleted));
  const counter = useCounterBargain(() => {
    setAsking(null);
    done(m.counterSent)();
  });
  const offer = useOfferBargain(() => {
    setAsking(null);
    done(m.offerSent)();
  });
  const mutations = [agree, reject, cancel, remove, counter, offer];
  const busy = mutations.find((mutation) => mutation.isPending);

  async function run(button: BargainButton, bargain: Bargain) {
    const request = { bargain_id: bargain.id };
    const ask = (content: string) =>
      confirm({ title: m.confirmTitle(button.label), content, confirmText: button.label });
    switch (button.action) {
      case 'use':
        void navigate(orderPathOf(bargain));
        return;
      case 'counter':
      case 'reoffer':
        setAsking({ kind: button.action, bargain });
        return;
      case 'agree':
        if (await ask(m.agreeConfirm(bargain.offer_price))) agree.mutate(request);
        return;
      case 'accept':
        if (await ask(m.acceptConfirm(bargain.counter_price ?? bargain.offer_price))) agree.mutate(request);
        return;
      case 'reject':
        if (await ask(m.rejectConfirm)) reject.mutate(request);
        return;
      case 'cancel':
        if (await ask(m.cancelConfirm)) cancel.mutate(request);
        return;
      case 'delete':
        if (await ask(m.deleteConfirm)) remove.mutate(request);
        return;
      default:
        return;
    }
  }

  const target = asking?.bargain;
  const priceFen = target ? amountToFen(target.goods.price) : 0;
  const sheet = target ? (
    asking.kind === 'counter' ? (
      <PriceSheet
        key={`counter-${target.id}`}
        open
        title={m.counterTitle}
        placeholder={m.counterPlaceholder}
        submitText={m.submitCounter}
        hints={[m.counterRange(target.offer_price, target.goods.price)]}
        bounds={{
          aboveFen: amountToFen(target.offer_price),
          belowFen: priceFen,
          outside: m.counterRange(target.offer_price, target.goods.price),
        }}
        submitting={counter.isPending}
        onClose={() => setAsking(null)}
        onSubmit={(price) => counter.mutate({ bargain_id: target.id, price })}
      />
    ) : (
      <PriceSheet
        key={`reoffer-${target.id}`}
        open
        title={m.offerTitle}
        placeholder={m.pricePlaceholder}
        submitText={m.submitOffer}
        hints={[m.hintBelowPrice(target.goods.price), m.roundsLeft(target.rounds_left)]}
        bounds={{ aboveFen: 0, belowFen: priceFen, outside: m.belowPrice(target.goods.price) }}
        submitting={offer.isPending}
        onClose={() => setAsking(null)}
        onSubmit={(price) => offer.mutate({ goods_id: target.goods.id, price })}
      />
    )
  ) : null;

  const pendingId = busy
    ? ((busy.variables as { bargain_id?: number } | undefined)?.bargain_id ?? target?.id)
    : undefined;
  return { run, pendingId, sheet };
}
