import { Tabs } from 'antd-mobile';
import type { Ref } from 'react';
import { EndlessList } from '@/ui/endless-list';
import { GoodsCard, GoodsListSkeleton } from '@/ui/goods-card';
import { useRecommendations, type RecommendSource } from './api/recommendations';
import { goodsDetailMessages as m } from './messages';

function RecommendList({ source, goodsId }: { source: RecommendSource; goodsId: number }) {
  const query = useRecommendations(source, goodsId);
  return (
    <EndlessList
      query={query}
      keyOf={(card) => card.id}
      renderItem={(card) => <GoodsCard goods={card} />}
      skeleton={<GoodsListSkeleton count={2} />}
      empty={<p className="goods-detail__muted">{m.recommendEmpty}</p>}
      errorTitle={m.recommendError}
      label={source === 'store' ? m.recommendStore : m.recommendSimilar}
    />
  );
}

/** Similar listings (same game) and the seller's other listings, loading more as they scroll in. */
export function RecommendationsSection({
  goodsId,
  source,
  onSourceChange,
  ref,
}: {
  goodsId: number;
  source: RecommendSource;
  onSourceChange: (source: RecommendSource) => void;
  ref?: Ref<HTMLElement>;
}) {
  return (
    <section className="recommendations" aria-label="推荐商品" ref={ref}>
      <Tabs activeKey={source} onChange={(key) => onSourceChange(key === 'store' ? 'store' : 'similar')}>
        <Tabs.Tab key="similar" title={m.recommendSimilar} />
        <Tabs.Tab key="store" title={m.recommendStore} />
      </Tabs>
      <div className="recommendations__list">
        <RecommendList key={source} source={source} goodsId={goodsId} />
      </div>
    </section>
  );
}
