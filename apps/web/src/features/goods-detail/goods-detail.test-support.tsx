import { createMemoryRouter, useLocation } from 'react-router';
import type { ComponentType } from 'react';
import { apiPaths, type GoodsDetail } from '@haoshi/contracts';
import type { FakeApi } from '@/core/http/fake-api.test-support';
import { renderRouter } from '@/core/screen-harness.test-support';

/** A listing as /app/goods/detail answers it (王者荣耀, two 包赔 options, bargaining on). */
export function goodsFixture(overrides: Partial<GoodsDetail> = {}): GoodsDetail {
  return {
    id: 42,
    title: '王者荣耀 荣耀王者 皮肤数300个 李白·凤求凰',
    game_id: 1,
    game_name: '王者荣耀',
    platform: 'ios',
    partition_name: '苹果QQ区',
    price: '1340.00',
    original_price: '1573.00',
    cover: '/uploads/demo/a.jpg',
    tags: ['bargain', 'guarantee', 'official_shots'],
    highlights: [],
    views: 273,
    favourites: 11,
    listed_at: '2026-11-20T08:00:00.000Z',
    seller_id: 9,
    store_name: '麦兜的小店',
    description: '接手就能直接玩。',
    status: 'on_sale',
    status_label: '在售',
    attributes: [
      { key: 'rank', label: '段位', value: '荣耀王者' },
      { key: 'skins', label: '皮肤数', value: '300个' },
    ],
    bindings: [
      { key: 'phone', label: '手机绑定', value: '已绑定，换绑需原手机验证' },
      { key: 'real_name', label: '实名情况', value: '已实名，可二次实名' },
      { key: 'can_rebind', label: '支持换绑', value: '是' },
      { key: 'qq', label: 'QQ', value: '已关联QQ' },
      { key: 'wechat', label: '微信', value: '未关联' },
      { key: 'rebind_cooldown_days', label: '换绑冷却期', value: '7天' },
    ],
    guarantees: [
      { code: 'basic', name: '基础包赔', description: '成交后90天内被找回全额赔付' },
      { code: 'extended', name: '一年包赔', description: '成交后365天内被找回全额赔付' },
    ],
    screenshots: [
      {
        key: 'demo/a.jpg',
        url: '/uploads/demo/a.jpg',
        thumb: '/uploads/demo/a.jpg?x-oss-process=image/resize,w_240',
      },
    ],
    verified_at: '2026-11-20T09:00:00.000Z',
    seller: {
      id: 9,
      store_name: '麦兜的小店',
      avatar: '',
      intro: '专注精品账号',
      rating: '4.72',
      deals: 749,
      followers: 10815,
      on_sale: 26,
      joined_at: '2026-08-26T00:00:00.000Z',
    },
    is_mine: false,
    saved: false,
    can_buy: true,
    can_bargain: true,
    ...overrides,
  };
}

const emptyPage = { list: [], total: 0, page: 1, page_size: 10 };

/**
 * The calls of the detail page answered for this listing (no comments, no recommendations, not
 * followed); a test replaces any of them with its own `fake.on`.
 */
export function serveGoods(fake: FakeApi, detail: GoodsDetail = goodsFixture()): FakeApi {
  return fake
    .on(apiPaths.goodsDetail, () => detail)
    .on(apiPaths.goodsSaveStatus, () => ({ saved: detail.saved, favourites: detail.favourites }))
    .on('POST', apiPaths.userSaveGoods, ({ body }) => ({
      saved: body.save,
      favourites: detail.favourites + (body.save ? 1 : 0),
    }))
    .on('GET', apiPaths.userSubscribe, () => ({ ...emptyPage, following: false }))
    .on(apiPaths.goodsCommentMainV2, () => ({
      seller_id: detail.seller_id,
      total: 0,
      rating: '5.00',
      good_rate: '100%',
      tags: [],
      stars: [0, 0, 0, 0, 0],
    }))
    .on(apiPaths.goodsCommentList, () => emptyPage)
    .on(apiPaths.goodsRecommend, () => emptyPage)
    .on(apiPaths.goodsRecommendFromStore, () => emptyPage);
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a screen at `path` with a fresh query client; other paths show where the app went. */
export function renderScreen(Screen: ComponentType, path: string) {
  const pathname = path.split('?')[0] ?? path;
  const router = createMemoryRouter(
    [
      { path: pathname, element: <Screen /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  renderRouter(router);
  return router;
}
