/**
 * The realistic mix of bench/search.ts: request bodies drawn Zipf-style, each dimension on its own
 * (the first game, keyword, sort… is the most asked, the n-th 1/n as often), so that a few bodies are
 * hot and most of them are asked once. Deterministic (seeded), so runs compare.
 */

const keywords = [
  '王者',
  'wzry',
  '原神',
  '和平精英',
  'hpjy',
  '皮肤',
  '荣耀王者',
  '金铲铲',
  'v10',
  '国服',
  '可二次实名',
  'ys',
  '包赔',
  '典藏',
  '蛋仔',
  'jcc',
  '凤求凰',
  '雷电将军',
  '五星角色',
  '玛莎拉蒂',
  '火麒麟',
  'yys',
  '第五人格',
  'dwrg',
  '星铁',
  'mhxy',
  '梦幻西游',
  '火影',
  'cf',
  '明日方舟',
  'mrfz',
  '英雄联盟',
  'lol',
  '巅峰',
  '最强王者',
  '贵族',
  '安卓',
  '苹果',
  '微信区',
  'qq',
  '急售',
  '可换绑',
  '官方截图',
  '李白',
  '韩信',
  '千年之狐',
  '赵云',
  '诸葛亮',
  '秒换绑',
  '退坑',
  '低价',
  '满级',
  '全皮肤',
  '限定',
  '稀有',
  'v8',
  'gf',
  'az',
  'ecsm',
  '王者 v10',
  '原神 雷电将军',
  '和平精英 玛莎拉蒂',
] as const;
const sorts = ['default', 'newest', 'price_asc', 'hot', 'price_desc'] as const;
const platforms = [undefined, 'android', 'ios', 'pc'] as const;
const prices = [
  [undefined, undefined],
  ['100.00', '500.00'],
  [undefined, '100.00'],
  ['500.00', '1000.00'],
  ['1000.00', '5000.00'],
  ['5000.00', undefined],
] as const;
const tagSets = [undefined, ['guarantee'], ['rebind'], ['official_shots'], ['guarantee', 'rebind']] as const;
const pages = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/** mulberry32: a small seeded generator. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Zipf draw (exponent 1) over the items, the first the most likely. */
function zipf<T>(items: readonly T[], next: () => number): () => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= items.length; rank++) cumulative.push((sum += 1 / rank));
  return () => {
    const target = next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return items[low] as T;
  };
}

export function mixBodies(
  gameIds: readonly number[],
  count = 60_000,
): { filter: string[]; keyword: string[] } {
  const next = random(20261125);
  const game = zipf(gameIds, next);
  const keyword = zipf(keywords, next);
  const sort = zipf(sorts, next);
  const platform = zipf(platforms, next);
  const price = zipf(prices, next);
  const tags = zipf(tagSets, next);
  const page = zipf(pages, next);
  const body = (fields: Record<string, unknown>) => JSON.stringify({ page_size: 20, ...fields });
  const filter = Array.from({ length: count }, () => {
    const [min, max] = price();
    return body({
      game_id: game(),
      sort: sort(),
      platform: platform(),
      price_min: min,
      price_max: max,
      tags: tags(),
      page: page(),
    });
  });
  const keywordBodies = Array.from({ length: count }, () => {
    const [min, max] = next() < 0.3 ? price() : [undefined, undefined];
    return body({
      keyword: keyword(),
      game_id: next() < 0.25 ? game() : undefined,
      sort: sort(),
      platform: next() < 0.2 ? platform() : undefined,
      price_min: min,
      price_max: max,
      page: page(),
    });
  });
  return { filter, keyword: keywordBodies };
}
