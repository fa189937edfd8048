import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { goodsTagText } from '@/ui/goods-labels';
import type { CompensationOptionCode, GoodsDetail } from '@haoshi/contracts';
import { showToast } from '@/core/feedback-ui';
import { startLoginFlow } from '@/core/login-flow';
import { BottomBar } from './bottom-bar';
import { formatChinaDate } from '@/core/china-time';
import { AttributeTable, BindingChecklist } from './goods-facts';
import { GoodsGallery } from './goods-gallery';
import { GoodsSummary } from './goods-summary';
import { GuaranteeOptions } from './guarantee-options';
import { goodsDetailMessages as m } from './messages';
import { bargainState, buyState, orderPath } from './purchase';
import type { RecommendSource } from './api/recommendations';
import { SellerCard } from './seller-card';
import { useNearViewport } from '@/ui/use-near-viewport';
import { useGoodsActions } from './use-goods-actions';
import type { VariantLayout } from './variants';

// Not on the first screen: their code (sheet, tabs, rating, list), calls and pictures load when the
// user scrolls towards them or opens the sheet.
const BuySheet = lazy(() => import('./buy-sheet').then((module) => ({ default: module.BuySheet })));
const CommentsSection = lazy(() =>
  import('./comments-section').then((module) => ({ default: module.CommentsSection })),
);
const RecommendationsSection = lazy(() =>
  import('./recommendations-section').then((module) => ({ default: module.RecommendationsSection })),
);

/** How close (below the visible area) a deferred section comes before it loads. */
const DEFER_MARGIN = '200px';

function VerificationStrip({ verifiedAt }: { verifiedAt: string | null }) {
  return (
    <p
      className={verifiedAt ? 'verification-strip' : 'verification-strip verification-strip--no'}
      data-testid="verification-strip"
    >
      <strong>{verifiedAt ? `✓ ${m.officialShots}` : '✗ 未核验'}</strong>
      {verifiedAt ? m.verifiedAt(formatChinaDate(verifiedAt)) : m.notVerified}
    </p>
  );
}

function ShareButton({ onShare }: { onShare: () => void }) {
  return (
    <button type="button" className="goods-detail__share" onClick={onShare}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path
          d="M15 5l5 5-5 5M20 10H10a6 6 0 0 0-6 6v3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {m.share}
    </button>
  );
}

interface GoodsDetailViewProps {
  goods: GoodsDetail;
  loggedIn: boolean;
  layout: VariantLayout;
  /** When the detail answer was received (ms): the favourite state starts as old as it. */
  loadedAt: number;
}

/** The loaded listing: gallery, facts, bindings, 包赔, seller, reviews, recommendations, bottom bar. */
export function GoodsDetailView({ goods, loggedIn, layout, loadedAt }: GoodsDetailViewProps) {
  const navigate = useNavigate();
  const actions = useGoodsActions(goods, loggedIn, loadedAt);
  const [buying, setBuying] = useState(false);
  // The sheet mounts on the first tap of 立即购买 and stays mounted (it animates in and out).
  const [sheetOpened, setSheetOpened] = useState(false);
  const { ref: commentsSlot, near: commentsNear } = useNearViewport<HTMLDivElement>(DEFER_MARGIN);
  const { ref: lowerSlot, near: lowerNear } = useNearViewport<HTMLDivElement>(DEFER_MARGIN);
  const [recommendSource, setRecommendSource] = useState<RecommendSource>('similar');
  const recommendations = useRef<HTMLElement>(null);
  const buy = buyState(goods);
  const bargain = bargainState(goods);
  const stamp = goods.status === 'on_sale' ? undefined : goods.status_label;
  const verified = goods.verified_at !== null;

  const onBuy = () => {
    if (!buy.enabled) return;
    if (!loggedIn) startLoginFlow();
    else {
      setSheetOpened(true);
      setBuying(true);
    }
  };
  const onBargain = () => {
    if (!bargain.enabled) showToast(bargain.reason);
    else if (!loggedIn) startLoginFlow();
    else void navigate(`/goodsBargainList?goods_id=${goods.id}`);
  };
  const onConfirm = (guarantee: CompensationOptionCode | undefined) => {
    setBuying(false);
    void navigate(orderPath(goods.id, guarantee));
  };
  const visitStore = () => {
    setRecommendSource('store');
    (recommendations.current ?? lowerSlot.current)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const guarantee = <GuaranteeOptions goods={goods} emphasised={layout.guaranteeFirst} />;

  return (
    <div className={`goods-detail ${layout.className}`} data-testid="goods-detail">
      {stamp ? (
        <p className={`goods-detail__state goods-detail__state--${goods.status}`} data-testid="goods-state">
          {m.stateBanner(stamp)}
        </p>
      ) : null}
      <GoodsGallery
        screenshots={goods.screenshots}
        title={goods.title}
        ribbon={verified ? goodsTagText.official_shots : undefined}
        stamp={stamp}
      />
      {layout.verificationFirst ? <VerificationStrip verifiedAt={goods.verified_at} /> : null}
      <div className="goods-detail__share-row">
        <ShareButton onShare={() => void actions.share()} />
      </div>
      <GoodsSummary goods={goods} favourites={actions.favourites} />
      {layout.guaranteeFirst ? guarantee : null}
      <AttributeTable goods={goods} />
      <BindingChecklist goods={goods} />
      {layout.guaranteeFirst ? null : guarantee}
      <SellerCard
        seller={goods.seller}
        loggedIn={loggedIn}
        isMine={goods.is_mine}
        onVisitStore={visitStore}
      />
      <div ref={commentsSlot} className="goods-detail__deferred">
        {commentsNear ? (
          <Suspense fallback={null}>
            <CommentsSection goodsId={goods.id} />
          </Suspense>
        ) : null}
      </div>
      <div ref={lowerSlot} className="goods-detail__deferred">
        {lowerNear ? (
          <Suspense fallback={null}>
            <RecommendationsSection
              ref={recommendations}
              goodsId={goods.id}
              source={recommendSource}
              onSourceChange={setRecommendSource}
            />
          </Suspense>
        ) : null}
      </div>
      <BottomBar
        saved={actions.saved}
        savePending={actions.savePending}
        canFavourite={!goods.is_mine}
        canChat={!goods.is_mine}
        buy={buy}
        bargain={bargain}
        onFavourite={actions.toggleFavourite}
        onChat={actions.chat}
        onBargain={onBargain}
        onBuy={onBuy}
      />
      {buy.enabled && loggedIn && sheetOpened ? (
        <Suspense fallback={null}>
          <BuySheet
            goods={goods}
            visible={buying}
            preselectGuarantee={layout.guaranteeFirst}
            onClose={() => setBuying(false)}
            onConfirm={onConfirm}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
