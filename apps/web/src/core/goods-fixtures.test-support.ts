import type { GoodsCard, GoodsList, SavedGoodsItem, SearchHit } from '@haoshi/contracts';

/** A listing card as the server answers it; override what a test cares about. */
export function goodsCard(id: number, overrides: Partial<GoodsCard> = {}): GoodsCard {
  return {
    id,
    title: `王者荣耀 荣耀王者 皮肤${id}个`,
    game_id: 1,
    game_name: '王者荣耀',
    platform: 'ios',
    partition_name: '苹果QQ区',
    price: '1280.00',
    original_price: '1500.00',
    cover: `/uploads/demo/covers/${id}.svg`,
    tags: ['official_shots', 'guarantee'],
    highlights: [],
    views: 120,
    favourites: 8,
    listed_at: '2026-11-20T08:00:00.000Z',
    seller_id: 9,
    store_name: '号主小店',
    ...overrides,
  };
}

export function searchHit(id: number, overrides: Partial<SearchHit> = {}): SearchHit {
  return { ...goodsCard(id), title_marks: [], snippet: '', snippet_marks: [], ...overrides };
}

export function savedItem(id: number, at: string, overrides: Partial<SavedGoodsItem> = {}): SavedGoodsItem {
  return { ...goodsCard(id), status: 'on_sale', status_label: '在售', at, ...overrides };
}

export const page = <T>(list: T[], total = list.length, pageNumber = 1, pageSize = 20) => ({
  list,
  total,
  page: pageNumber,
  page_size: pageSize,
});

/** A page of /app/goods/list/filter: one snapshot, exact total, no next cursor unless given. */
export const searchPage = (list: SearchHit[], overrides: Partial<GoodsList> = {}): GoodsList => ({
  ...page(list),
  snapshot_id: 1,
  total_capped: false,
  total_is_estimate: false,
  next_cursor: null,
  keyword_game_id: null,
  ...overrides,
});
