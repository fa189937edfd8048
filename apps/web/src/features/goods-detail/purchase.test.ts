import { describe, expect, it } from 'vitest';
import { bargainState, buyState, guaranteeQuotes, orderPath, priceBreakdown } from './purchase';
import { goodsFixture } from './goods-detail.test-support';

describe('buyState and bargainState', () => {
  it('allow an on-sale listing of someone else', () => {
    expect(buyState(goodsFixture())).toEqual({ enabled: true });
    expect(bargainState(goodsFixture())).toEqual({ enabled: true });
  });

  it('refuse with a reason by status, for the owner, and bargaining when the seller takes no offers', () => {
    expect(buyState(goodsFixture({ status: 'off_shelf', can_buy: false }))).toEqual({
      enabled: false,
      reason: '该商品已下架',
    });
    expect(buyState(goodsFixture({ is_mine: true, can_buy: false })).enabled).toBe(false);
    expect(bargainState(goodsFixture({ status: 'locked', can_buy: false, can_bargain: false }))).toEqual({
      enabled: false,
      reason: '该商品已有买家下单，正在交易中，暂不能购买',
    });
    expect(bargainState(goodsFixture({ can_bargain: false }))).toEqual({
      enabled: false,
      reason: '卖家未开启议价',
    });
  });
});

describe('price breakdown', () => {
  it('prices 包赔 from the fee schedule with its least fee', () => {
    const quotes = guaranteeQuotes(goodsFixture({ price: '50.00' }));
    // 3% of ¥50 is ¥1.50, below the ¥3.00 least fee; 5% is ¥2.50, below ¥5.00.
    expect(quotes.map((quote) => [quote.code, quote.feeFen, quote.protectionDays])).toEqual([
      ['basic', 300, 90],
      ['extended', 500, 365],
    ]);
  });

  it('adds the chosen option to the price; the trade fee is the seller’s', () => {
    const goods = goodsFixture({ price: '1340.00' });
    expect(priceBreakdown(goods, undefined)).toMatchObject({
      priceFen: 134_000,
      guarantee: undefined,
      tradeFeeFen: 6_700,
      tradeFeePaidBySeller: true,
      totalFen: 134_000,
    });
    expect(priceBreakdown(goods, 'basic').totalFen).toBe(134_000 + 4_020);
    // An option the listing does not offer is not charged.
    expect(priceBreakdown(goods, 'lifetime').totalFen).toBe(134_000);
  });

  it('leads to the order screen with the listing and the option', () => {
    expect(orderPath(42, undefined)).toBe('/order_detail?goods_id=42');
    expect(orderPath(42, 'basic')).toBe('/order_detail?goods_id=42&guarantee=basic');
  });
});
