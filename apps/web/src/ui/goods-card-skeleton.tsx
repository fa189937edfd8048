import { Skeleton } from 'antd-mobile';
import './goods-card.css';

/** Stands in for a GoodsCard while a list loads: same height, so nothing jumps. */
export function GoodsCardSkeleton() {
  return (
    <div className="goods-card goods-card--skeleton" aria-hidden="true">
      <Skeleton animated className="goods-card__cover goods-card__cover--skeleton" />
      <div className="goods-card__body">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={2} animated />
      </div>
    </div>
  );
}

/** Several skeleton cards with one accessible busy label. */
export function GoodsListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div className="goods-list-skeleton" role="status" aria-busy="true" aria-label="加载中">
      {Array.from({ length: count }, (_, index) => (
        <GoodsCardSkeleton key={index} />
      ))}
    </div>
  );
}
