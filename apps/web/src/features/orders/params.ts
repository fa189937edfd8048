import { compensationCodes, type CompensationOptionCode } from '@haoshi/contracts';

export type OrderParams =
  | { kind: 'order'; orderNo: string; openPay: boolean }
  | {
      kind: 'confirm';
      goodsId: number;
      guarantee: CompensationOptionCode | undefined;
      /** An agreed bargain (议价) to buy at its price. */
      bargainId: number | undefined;
    }
  | { kind: 'missing' };

const isGuarantee = (value: string | null): value is CompensationOptionCode =>
  (compensationCodes as readonly string[]).includes(value ?? '');

/**
 * What /order_detail shows: an order (order_no; pay=1 opens the pay sheet) or 确认订单 (goods_id,
 * with bargain_id at an agreed price).
 */
export function readOrderParams(search: URLSearchParams): OrderParams {
  const orderNo = search.get('order_no');
  if (orderNo && /^O\d{8,30}$/.test(orderNo))
    return { kind: 'order', orderNo, openPay: search.get('pay') === '1' };
  const goodsId = Number(search.get('goods_id'));
  if (Number.isSafeInteger(goodsId) && goodsId > 0) {
    const guarantee = search.get('guarantee');
    const bargainId = Number(search.get('bargain_id'));
    return {
      kind: 'confirm',
      goodsId,
      guarantee: isGuarantee(guarantee) ? guarantee : undefined,
      bargainId: Number.isSafeInteger(bargainId) && bargainId > 0 ? bargainId : undefined,
    };
  }
  return { kind: 'missing' };
}
