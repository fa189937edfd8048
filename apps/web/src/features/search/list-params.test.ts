import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  clearedFilters,
  parseListParams,
  toFilterRequest,
  toListParams,
  type ListFilters,
} from './list-params';

const parse = (query: string) => parseListParams(new URLSearchParams(query));

describe('list filters in the address', () => {
  it('reads every filter and writes them back to the same address', () => {
    const query =
      'keyword=%E7%8E%8B%E8%80%85&game_id=1&partition_id=3&platform=ios&price_min=100.00&price_max=2000.00' +
      '&sort=price_asc&tags=guarantee%2Cofficial_shots&attr.rank=10%7E50&attr.skins=a%2Cb';
    const filters = parse(query);
    expect(filters).toEqual({
      keyword: '王者',
      game_id: 1,
      partition_id: 3,
      platform: 'ios',
      price_min: '100.00',
      price_max: '2000.00',
      sort: 'price_asc',
      tags: ['guarantee', 'official_shots'],
      attrs: [
        { key: 'rank', min: 10, max: 50 },
        { key: 'skins', values: ['a', 'b'] },
      ],
    });
    expect(toListParams(filters).toString()).toBe(query);
  });

  it('drops malformed values instead of sending them', () => {
    expect(
      parse(
        'game_id=abc&platform=xbox&sort=cheapest&tags=free,guarantee&price_min=-5&price_max=1.234&attr.x=~',
      ),
    ).toEqual({ sort: 'default', tags: ['guarantee'], attrs: [] });
  });

  it('keeps a partition and attribute filters only with a game', () => {
    expect(parse('partition_id=3&attr.rank=1~2')).toEqual({ sort: 'default', tags: [], attrs: [] });
  });

  it('canonicalises prices in yuan and omits the default sort from the address', () => {
    const filters = parse('price_min=5&price_max=12.5&sort=default');
    expect(filters.price_min).toBe('5.00');
    expect(filters.price_max).toBe('12.50');
    expect(toListParams(filters).toString()).toBe('price_min=5.00&price_max=12.50');
  });

  it('open-ended attribute ranges keep their one side', () => {
    expect(parse('game_id=1&attr.rank=10~').attrs).toEqual([{ key: 'rank', min: 10 }]);
    expect(parse('game_id=1&attr.rank=~50').attrs).toEqual([{ key: 'rank', max: 50 }]);
  });
});

describe('the request body', () => {
  it('sends amounts in yuan for the server to turn into fen, and swaps a reversed range', () => {
    const filters: ListFilters = {
      keyword: '王者',
      price_min: '2000.00',
      price_max: '100.00',
      sort: 'newest',
      tags: ['guarantee'],
      attrs: [],
    };
    expect(toFilterRequest(filters, 2, 20, 99)).toEqual({
      page: 2,
      page_size: 20,
      sort: 'newest',
      keyword: '王者',
      price_min: '100.00',
      price_max: '2000.00',
      tags: ['guarantee'],
      snapshot_id: 99,
    });
  });

  it('narrows to one store', () => {
    const filters = parse('seller_id=9&sort=newest');
    expect(toFilterRequest(filters, 1, 20)).toEqual({ page: 1, page_size: 20, sort: 'newest', seller_id: 9 });
    expect(clearedFilters(filters, false).seller_id).toBe(9);
  });

  it('leaves out what is not set', () => {
    expect(toFilterRequest({ sort: 'default', tags: [], attrs: [] }, 1, 20)).toEqual({
      page: 1,
      page_size: 20,
      sort: 'default',
    });
  });
});

describe('counting and clearing', () => {
  const filters = parse('keyword=a&game_id=1&platform=ios&price_min=1&tags=urgent&sort=hot&attr.rank=1~2');

  it('counts the drawer filters; a game list does not count its own game', () => {
    expect(activeFilterCount(filters)).toBe(5);
    expect(activeFilterCount(filters, 1)).toBe(4);
  });

  it('clearing keeps keyword and sort, and the game on a game list', () => {
    expect(clearedFilters(filters, false)).toEqual({ keyword: 'a', sort: 'hot', tags: [], attrs: [] });
    expect(clearedFilters(filters, true)).toEqual({
      keyword: 'a',
      game_id: 1,
      sort: 'hot',
      tags: [],
      attrs: [],
    });
  });
});
