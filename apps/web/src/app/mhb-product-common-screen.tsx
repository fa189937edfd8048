import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { ScreenSkeleton } from '@/ui/screen-skeleton';

const CuratedList = lazy(() => import('@/features/search/curated-screen'));
const CuratedListing = lazy(() => import('@/features/goods-detail/mhb-goods-detail-screen'));

/**
 * /mhbProductCommon (精选商品) is two things in SPEC §2's list: the 精选 selection, and with a
 * goods_id, a listing of it in that brand's detail layout. The two belong to different features.
 */
export default function MhbProductCommonScreen() {
  const [params] = useSearchParams();
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      {params.get('goods_id') ? <CuratedListing /> : <CuratedList />}
    </Suspense>
  );
}
