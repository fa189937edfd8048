import { Button, List, Radio, Space } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CompensationOptionCode, OrderGuarantee } from '@haoshi/contracts';
import { GoodsCard } from '@/ui/goods-card';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useOrderGuarantee } from './api/order-guarantee';
import { usePlaceOrder } from './api/place-order';
import { orderMessages as m } from './messages';

const NONE = 'none';

/** The price line says when it is the agreed price of a bargain, not the listing's. */
function Breakdown({ data, bargained }: { data: OrderGuarantee; bargained: boolean }) {
  const { quote } = data;
  return (
    <List header={m.breakdownTitle} className="order-section" data-testid="order-breakdown">
      <List.Item extra={`¥${quote.price}`}>{bargained ? m.bargainPrice : m.price}</List.Item>
      {quote.guarantee_code ? (
        <List.Item extra={`¥${quote.guarantee_fee}`}>{m.guaranteeFee}</List.Item>
      ) : null}
      {quote.discount !== '0.00' ? (
        <List.Item extra={m.couponOff(quote.discount)}>{m.discount}</List.Item>
      ) : null}
      <List.Item extra={<strong className="order-price">¥{quote.payable}</strong>}>{m.payable}</List.Item>
      {quote.trade_fee_paid_by_seller ? (
        <List.Item>
          <span className="order-note">{m.tradeFeeNote(quote.trade_fee)}</span>
        </List.Item>
      ) : null}
    </List>
  );
}

/** /order_detail?goods_id=…&guarantee=…: 确认订单, priced by the server for each choice. */
export function ConfirmOrder({
  goodsId,
  initialGuarantee,
  bargainId,
}: {
  goodsId: number;
  initialGuarantee?: CompensationOptionCode;
  bargainId?: number;
}) {
  const navigate = useNavigate();
  const [guarantee, setGuarantee] = useState<CompensationOptionCode | undefined>(initialGuarantee);
  const [couponId, setCouponId] = useState<number | undefined>();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const query = useOrderGuarantee({
    goods_id: goodsId,
    ...(guarantee ? { guarantee } : {}),
    ...(couponId ? { coupon_id: couponId } : {}),
    ...(bargainId ? { bargain_id: bargainId } : {}),
  });
  const place = usePlaceOrder((order) => {
    void navigate(`/order_detail?order_no=${order.order_no}&pay=1`, { replace: true });
  });

  if (query.isPending) return <ScreenSkeleton />;
  if (query.isError && !query.data) {
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailedTitle}
        description={m.loadFailedBody}
        actions={[{ text: m.retry, primary: true, onClick: () => void query.refetch() }]}
      />
    );
  }
  const data = query.data;
  if (!data) return <ScreenSkeleton />;
  const usable = data.coupons.filter((coupon) => coupon.usable);
  return (
    <div className="order-screen" data-testid="confirm-order">
      <section className="order-section order-goods">
        <GoodsCard goods={data.goods} />
      </section>
      {data.options.length > 0 ? (
        <List header={m.guaranteeTitle} className="order-section">
          <Radio.Group
            value={guarantee ?? NONE}
            onChange={(value) => setGuarantee(value === NONE ? undefined : (value as CompensationOptionCode))}
          >
            <Space direction="vertical" block className="order-options">
              {data.options.map((option) => (
                <Radio key={option.code} value={option.code} block data-testid={`guarantee-${option.code}`}>
                  <span className="order-option__name">{option.name}</span>
                  <span className="order-option__fee">¥{option.fee}</span>
                  <span className="order-note">
                    {option.description || m.guaranteeDays(option.protection_days)}
                  </span>
                </Radio>
              ))}
              <Radio value={NONE} block>
                {m.noGuarantee}
              </Radio>
            </Space>
          </Radio.Group>
        </List>
      ) : null}
      <List
        header={`${m.couponTitle}（${usable.length > 0 ? m.couponCount(usable.length) : m.noCoupons}）`}
        className="order-section"
      >
        <Radio.Group
          value={couponId ?? NONE}
          onChange={(value) => setCouponId(value === NONE ? undefined : Number(value))}
        >
          <Space direction="vertical" block className="order-options">
            {data.coupons.map((coupon) => (
              <Radio key={coupon.id} value={coupon.id} disabled={!coupon.usable} block>
                <span className="order-option__name">{coupon.name}</span>
                <span className="order-option__fee">{m.couponOff(coupon.amount_off)}</span>
                {coupon.reason ? <span className="order-note">{coupon.reason}</span> : null}
              </Radio>
            ))}
            <Radio value={NONE} block>
              {m.noCoupon}
            </Radio>
          </Space>
        </Radio.Group>
      </List>
      <Breakdown data={data} bargained={bargainId !== undefined} />
      <p className="order-note order-note--block">{m.escrowNote}</p>
      <p className="order-note order-note--block">{m.payWithin(Math.round(data.pay_seconds / 60))}</p>
      <footer className="order-bar">
        <span className="order-bar__total">
          {m.payable} <strong className="order-price">¥{data.quote.payable}</strong>
        </span>
        {data.can_order ? (
          <Button
            color="primary"
            shape="rounded"
            loading={place.isPending}
            disabled={query.isFetching}
            data-testid="place-order"
            onClick={() =>
              place.mutate({
                request: {
                  goods_id: goodsId,
                  ...(guarantee ? { guarantee } : {}),
                  ...(couponId ? { coupon_id: couponId } : {}),
                  ...(bargainId ? { bargain_id: bargainId } : {}),
                },
                idempotencyKey,
              })
            }
          >
            {m.submit}
          </Button>
        ) : (
          <Button shape="rounded" onClick={() => void navigate('/productList')}>
            {data.reason || m.cannotOrder}
          </Button>
        )}
      </footer>
    </div>
  );
}
