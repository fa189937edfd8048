import { Button, Steps } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { amountToFen, bargainProcess, ErrorCodes, isTerminal, type BargainInfo } from '@haoshi/contracts';
import { validAmount } from '@/core/amount';
import { formatChinaMonthDayTime } from '@/core/china-time';
import { showToast } from '@/core/feedback-ui';
import { isApiError } from '@/core/http/client';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useBargainInfo, type BargainTarget } from './api/bargain-info';
import { useOfferBargain } from './api/offer-bargain';
import { BargainCard, BargainGoodsRow } from './bargain-card';
import { bargainMessages as m } from './messages';
import { PriceField, priceProblem } from './price-sheet';
import { useBargainActions } from './use-bargain-actions';

function offerHints(info: BargainInfo): string[] {
  return [
    m.hintBelowPrice(info.goods.price),
    info.has_floor ? m.hintFloor : m.hintNoFloor,
    m.hintValid(info.valid_hours),
    m.hintLimits(info.today_offers, info.daily_max, info.open_count, info.max_open),
  ];
}

/** A first offer (or one after the last bargain ended), typed in place. */
function OfferForm({ info }: { info: BargainInfo }) {
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const offer = useOfferBargain(() => {
    setText('');
    setTouched(false);
    showToast({ icon: 'success', content: m.offerSent });
  });
  const bounds = {
    aboveFen: 0,
    belowFen: amountToFen(info.goods.price),
    outside: m.belowPrice(info.goods.price),
  };
  const problem = priceProblem(text, bounds);
  return (
    <section className="bargain-offer" aria-label={m.offerTitle}>
      <h2 className="bargain-section-title">{m.offerTitle}</h2>
      <PriceField
        text={text}
        placeholder={m.pricePlaceholder}
        problem={touched ? problem : ''}
        onChange={(value) => {
          setText(value);
          setTouched(true);
        }}
      />
      <ul className="bargain-hints">
        {offerHints(info).map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
      <Button
        block
        color="primary"
        shape="rounded"
        disabled={problem !== ''}
        loading={offer.isPending}
        onClick={() => offer.mutate({ goods_id: info.goods.id, price: validAmount(text.trim()) ?? text })}
      >
        {m.submitOffer}
      </Button>
    </section>
  );
}

/**
 * /goodsBargainList?goods_id= (from the listing's 议价 button) or ?bargain_id= (from a notice): the
 * viewer's bargain on the listing with its buttons, its rounds and progress, and the offer form.
 */
export function BargainThread({ target }: { target: BargainTarget }) {
  const query = useBargainInfo(target);
  const navigate = useNavigate();
  const { run, pendingId, sheet } = useBargainActions();
  const toList = () => void navigate('/goodsBargainList');
  if (query.isPending) return <ScreenSkeleton />;
  if (query.isError) {
    const code = isApiError(query.error) ? query.error.code : 0;
    if (code === ErrorCodes.BARGAIN_NOT_FOUND || code === ErrorCodes.GOODS_NOT_FOUND)
      return (
        <StatusScreen
          status="empty"
          title={m.notFound}
          description={m.notFoundHint}
          actions={[{ text: m.toList, primary: true, onClick: toList }]}
          testId="bargain-not-found"
        />
      );
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailed}
        description={
          isApiError(query.error) ? query.error.message : '网络不稳定或服务繁忙，请检查网络后重试。'
        }
        actions={[{ text: m.retry, primary: true, onClick: () => void query.refetch() }]}
        testId="bargain-error"
      />
    );
  }
  const info = query.data;
  const bargain = info.bargain;
  const fresh = !bargain || isTerminal(bargainProcess, bargain.status);
  return (
    <div className="bargain-screen bargain-thread">
      {bargain ? null : (
        <section className="bargain-section" aria-label={info.goods.title}>
          <BargainGoodsRow goods={info.goods} />
        </section>
      )}
      {bargain ? (
        <BargainCard
          bargain={bargain}
          busy={pendingId === bargain.id}
          onAction={(button, subject) => void run(button, subject)}
        />
      ) : null}
      {fresh && info.can_offer ? <OfferForm info={info} /> : null}
      {!info.can_offer && info.offer_refusal && fresh ? (
        <p className="bargain-refusal" data-testid="bargain-refusal">
          {m.cannotOffer}：{info.offer_refusal}
        </p>
      ) : null}
      {bargain && bargain.rounds.length > 0 ? (
        <section className="bargain-section" aria-label={m.rounds}>
          <h2 className="bargain-section-title">{m.rounds}</h2>
          <ol className="bargain-rounds">
            {bargain.rounds.map((round) => (
              <li
                key={`${round.by}-${round.created_at}`}
                className={`bargain-round bargain-round--${round.by}`}
              >
                <span>{round.by === 'buyer' ? m.offerPrice : m.counterPrice}</span>
                <strong>¥{round.price}</strong>
                <time>{formatChinaMonthDayTime(round.created_at)}</time>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {bargain ? (
        <section className="bargain-section" aria-label={m.timeline}>
          <h2 className="bargain-section-title">{m.timeline}</h2>
          <Steps direction="vertical" current={bargain.timeline.length - 1}>
            {bargain.timeline.map((entry) => (
              <Steps.Step
                key={`${entry.action}-${entry.created_at}`}
                title={`${entry.action_label === '创建' ? '买家出价' : entry.action_label} · ${entry.to_label}`}
                description={formatChinaMonthDayTime(entry.created_at)}
              />
            ))}
          </Steps>
        </section>
      ) : null}
      <div className="bargain-thread__links">
        <Button
          fill="none"
          size="small"
          onClick={() => void navigate(`/goodsDetail?goods_id=${info.goods.id}`)}
        >
          {m.viewListing}
        </Button>
        <Button fill="none" size="small" onClick={toList}>
          {m.toList}
        </Button>
      </div>
      {sheet}
    </div>
  );
}
