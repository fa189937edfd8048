import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, type GoodsDetail } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { startLoginFlow } from '@/core/login-flow';
import { setAuthorization } from '@/core/storage';
import GoodsDetailScreen from './goods-detail-screen';
import ThwGoodsDetailScreen from './thw-goods-detail-screen';
import KxrGoodsDetailScreen from './kxr-goods-detail-screen';
import MhbGoodsDetailScreen from './mhb-goods-detail-screen';
import { goodsFixture, renderScreen, serveGoods } from './goods-detail.test-support';

// The login flow hands over to the native app or another page; here it only needs to be seen called.
vi.mock('@/core/login-flow', () => ({ startLoginFlow: vi.fn() }));

const fake = setupFakeApi();
const serve = (detail?: GoodsDetail) => serveGoods(fake, detail);

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => {
  vi.clearAllMocks();
});

const requestsTo = (path: string) => fake.requests.filter((request) => request.path === path);

describe('/goodsDetail', { timeout: 20_000 }, () => {
  it('shows the listing: price, facts, attributes, bindings as ✓/✗ rows, 包赔 prices and the seller', async () => {
    serve();
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');

    expect(await screen.findByRole('heading', { name: /李白·凤求凰/ })).toBeTruthy();
    expect(screen.getByTestId('goods-price').textContent).toBe('¥1340.00');
    expect(screen.getByLabelText('原价1573.00元')).toBeTruthy();
    expect(screen.getByText('苹果QQ区')).toBeTruthy();
    expect(screen.getByText('苹果')).toBeTruthy();

    const attributes = screen.getByRole('table');
    expect(within(attributes).getByRole('rowheader', { name: '段位' })).toBeTruthy();
    expect(within(attributes).getByText('荣耀王者')).toBeTruthy();
    expect(within(attributes).getByText('300个')).toBeTruthy();

    const mark = (key: string) => within(screen.getByTestId(`binding-${key}`)).getByLabelText(/^(是|否)$/);
    expect(mark('phone').getAttribute('aria-label')).toBe('否');
    expect(screen.getByTestId('binding-phone').textContent).toContain('换绑需原手机验证');
    expect(mark('real_name').getAttribute('aria-label')).toBe('是');
    expect(mark('second_real_name').getAttribute('aria-label')).toBe('是');
    expect(mark('can_rebind').getAttribute('aria-label')).toBe('是');
    expect(mark('qq').getAttribute('aria-label')).toBe('是');
    expect(mark('wechat').getAttribute('aria-label')).toBe('否');
    expect(mark('rebind_cooldown_days').getAttribute('aria-label')).toBe('否');
    expect(screen.getByTestId('binding-rebind_cooldown_days').textContent).toContain('需等待 7天 才能换绑');

    // 3% and 5% of ¥1340.00 (fees.ts).
    expect(screen.getByTestId('guarantee-basic').textContent).toContain('+¥40.20');
    expect(screen.getByTestId('guarantee-extended').textContent).toContain('+¥67.00');
    expect(screen.getByText('麦兜的小店', { selector: 'strong' })).toBeTruthy();
    expect(fake.requests[0]?.url).toBe('/app/goods/detail?goods_id=42');
  });

  it('shows the store’s other listings on 进店看看', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    serve();
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    fireEvent.click(await screen.findByRole('button', { name: '进店看看' }));
    // The recommendations load on their own (below the first screen): the first import takes a while.
    const storeTab = await screen.findByRole('tab', { name: '同店在售' }, { timeout: 10_000 });
    expect(storeTab.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(requestsTo('/app/goods/recommend/from_store')).toHaveLength(1));
  });

  it('sends a guest who taps 收藏 to login and saves nothing', async () => {
    serve();
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    fireEvent.click(await screen.findByRole('button', { name: '收藏' }));
    expect(startLoginFlow).toHaveBeenCalledTimes(1);
    expect(requestsTo('/app/user/save_goods')).toHaveLength(0);
    expect(screen.getByRole('button', { name: '收藏' })).toBeTruthy();
  });

  it('toggles the favourite of a logged-in user: 收藏 → 已收藏 → 收藏', async () => {
    setAuthorization('token-1');
    serve();
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');

    fireEvent.click(await screen.findByRole('button', { name: '收藏' }));
    const saved = await screen.findByRole('button', { name: '已收藏' });
    expect(screen.getByText(/12 人收藏/)).toBeTruthy();
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    expect(requestsTo('/app/user/save_goods')[0]?.body).toEqual({
      goods_id: 42,
      save: true,
    });

    fireEvent.click(saved);
    await screen.findByRole('button', { name: '收藏' });
    expect(requestsTo('/app/user/save_goods')[1]?.body).toEqual({
      goods_id: 42,
      save: false,
    });
    expect(startLoginFlow).not.toHaveBeenCalled();
    // The view is recorded by the detail call carrying the session (footprint).
    expect(requestsTo('/app/goods/detail')[0]?.config.headers.Authorization).toBe('token-1');
  });

  it('keeps the favourite as it was when saving fails', async () => {
    setAuthorization('token-1');
    serve().on('POST', apiPaths.userSaveGoods, () => reply.error(3001, '商品不存在或已下架'));
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    fireEvent.click(await screen.findByRole('button', { name: '收藏' }));
    await waitFor(() => expect(requestsTo('/app/user/save_goods')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '收藏' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('button', { name: '已收藏' })).toBeNull();
  });

  it.each([
    ['sold', { status: 'sold', status_label: '已售出', can_buy: false, can_bargain: false }, '该商品已售出'],
    [
      'locked',
      { status: 'locked', status_label: '交易中', can_buy: false, can_bargain: false },
      '该商品已有买家下单，正在交易中，暂不能购买',
    ],
    ['own', { is_mine: true, can_buy: false, can_bargain: false }, '这是你发布的商品，不能购买、议价或收藏'],
  ] as const)('disables 立即购买 for a %s listing and says why', async (_name, overrides, reason) => {
    setAuthorization('token-1');
    serve(goodsFixture(overrides));
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    const buy = await screen.findByRole('button', { name: '立即购买' });
    expect(buy.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('buy-disabled-reason').textContent).toBe(reason);
    expect(buy.getAttribute('aria-describedby')).toBe('goods-buy-reason');
    fireEvent.click(buy);
    expect(screen.queryByText('确认下单')).toBeNull();
  });

  it('shows the state of a sold listing over its pictures', async () => {
    serve(goodsFixture({ status: 'sold', status_label: '已售出', can_buy: false }));
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    expect((await screen.findByTestId('goods-state')).textContent).toBe('该商品已售出，以下信息仅供参考');
    expect(screen.getByText('已售出', { selector: '.goods-gallery__stamp' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即购买' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks a guest to log in before buying', async () => {
    serve();
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    expect(startLoginFlow).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('确认下单')).toBeNull();
  });

  it('shows the price breakdown and goes on to the order with the chosen 包赔', async () => {
    setAuthorization('token-1');
    serve();
    const router = renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    fireEvent.click(await screen.findByRole('button', { name: '立即购买' }));
    expect((await screen.findByTestId('buy-total')).textContent).toBe('¥1340.00');
    expect(screen.getByText('由卖家承担')).toBeTruthy();
    fireEvent.click(screen.getByText(/一年包赔（保障 365 天）/));
    await waitFor(() => expect(screen.getByTestId('buy-total').textContent).toBe('¥1407.00'));
    fireEvent.click(screen.getByRole('button', { name: '确认下单' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/order_detail?goods_id=42&guarantee=extended',
      ),
    );
  });

  it('opens the bargain list for a logged-in buyer and explains when the seller takes no offers', async () => {
    setAuthorization('token-1');
    serve(goodsFixture({ can_bargain: false, tags: [] }));
    const router = renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    const bargain = await screen.findByRole('button', { name: '议价' });
    expect(bargain.getAttribute('aria-disabled')).toBe('true');
    const show = vi.spyOn(Toast, 'show');
    fireEvent.click(bargain);
    await waitFor(() => expect(show).toHaveBeenCalledWith('卖家未开启议价'));
    expect(router.state.location.pathname).toBe('/goodsDetail');
  });

  it('goes to /goodsBargainList when bargaining is possible', async () => {
    setAuthorization('token-1');
    serve();
    const router = renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    fireEvent.click(await screen.findByRole('button', { name: '议价' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/goodsBargainList?goods_id=42',
      ),
    );
  });

  it('follows the seller’s store for a logged-in user', async () => {
    setAuthorization('token-1');
    serve().on('POST', apiPaths.userSubscribe, () => ({ following: true, followers: 10816 }));
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    const followButton = await screen.findByRole('button', { name: '关注' });
    // Disabled until /app/user/subscribe says whether the user already follows the store.
    await waitFor(() => expect(followButton.hasAttribute('disabled')).toBe(false));
    fireEvent.click(followButton);
    expect(await screen.findByRole('button', { name: '已关注' })).toBeTruthy();
    expect(fake.calls(apiPaths.userSubscribe, 'POST')[0]?.body).toEqual({ seller_id: 9, follow: true });
  });

  it('opens the H5 chat with the seller', async () => {
    setAuthorization('token-1');
    serve();
    const router = renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    fireEvent.click(await screen.findByRole('button', { name: '聊一聊' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/chat?target_id=9&goods_id=42',
      ),
    );
  });

  it('says the listing does not exist on 3001', async () => {
    serve().on(apiPaths.goodsDetail, () => reply.error(3001, '商品不存在或已下架'));
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=404');
    expect(await screen.findByTestId('goods-not-found')).toBeTruthy();
    expect(screen.getByText('商品不存在或已下架')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去首页逛逛' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
  });

  it('treats a missing or malformed goods_id as not found without calling the server', async () => {
    serve();
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=abc');
    expect(await screen.findByTestId('goods-not-found')).toBeTruthy();
    expect(fake.requests).toHaveLength(0);
  });

  it('offers a retry when the listing cannot be loaded', async () => {
    serve().on(apiPaths.goodsDetail, () => reply.error(1099, '服务繁忙，请稍后再试'));
    renderScreen(GoodsDetailScreen, '/goodsDetail?goods_id=42');
    expect(await screen.findByTestId('goods-error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(requestsTo('/app/goods/detail')).toHaveLength(2));
  });
});

describe('brand variants', { timeout: 20_000 }, () => {
  it('/kxrGoodsDetail leads with the screenshot verification', async () => {
    serve();
    renderScreen(KxrGoodsDetailScreen, '/kxrGoodsDetail?goods_id=42');
    expect((await screen.findByTestId('verification-strip')).textContent).toContain('客服已于');
    expect(screen.getByTestId('goods-detail').className).toContain('goods-detail--kxr');
  });

  it('/thwGoodsDetail puts the 包赔 options before the attributes and preselects the first', async () => {
    setAuthorization('token-1');
    serve();
    renderScreen(ThwGoodsDetailScreen, '/thwGoodsDetail?goods_id=42');
    const guarantee = await screen.findByRole('heading', { name: /包赔服务/ });
    const attributes = screen.getByRole('heading', { name: '账号属性' });
    expect(guarantee.compareDocumentPosition(attributes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByTestId('verification-strip')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    expect((await screen.findByTestId('buy-total')).textContent).toBe('¥1380.20');
  });

  it('/mhbProductCommon?goods_id= leads with both the verification and the 包赔 options', async () => {
    serve();
    renderScreen(MhbGoodsDetailScreen, '/mhbProductCommon?goods_id=42');
    expect((await screen.findByTestId('verification-strip')).textContent).toContain('客服已于');
    const guarantee = screen.getByRole('heading', { name: /包赔服务/ });
    const attributes = screen.getByRole('heading', { name: '账号属性' });
    expect(guarantee.compareDocumentPosition(attributes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('goods-detail').className).toContain('goods-detail--mhb');
  });
});
