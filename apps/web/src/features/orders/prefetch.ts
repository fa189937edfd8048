import type { RoutePrefetch } from '@/core/feature-routes';
import { orderDetailQueryOptions } from './api/order-detail';
import { orderGuaranteeQueryOptions } from './api/order-guarantee';
import { readOrderParams } from './params';

/** /order_detail needs a login: an order or the confirm screen's first price, whichever it shows. */
export const prefetchOrderDetail: RoutePrefetch = async ({ queryClient, search, loggedIn }) => {
  if (!loggedIn) return;
  const params = readOrderParams(search);
  if (params.kind === 'order')
    await queryClient.query({ ...orderDetailQueryOptions(params.orderNo), staleTime: 'static' });
  else if (params.kind === 'confirm')
    await queryClient.query({
      ...orderGuaranteeQueryOptions({
        goods_id: params.goodsId,
        ...(params.guarantee ? { guarantee: params.guarantee } : {}),
        ...(params.bargainId ? { bargain_id: params.bargainId } : {}),
      }),
      staleTime: 'static',
    });
};
