import {
  fenToAmount,
  TITLE_MAX,
  type AttributeField,
  type AttributeValue,
  type AttributeValues,
  type BindingField,
  type CompensationOptionCode,
  type Platform,
} from '@haoshi/contracts';
import type { CatalogueGameEntry } from '../catalogue/index.ts';
import { deriveFields, rankScoreOf, HEAT_PER_FAVOURITE } from './listing-fields.ts';
import type { goods } from './tables.ts';

/** Deterministic demo listings: the same seed gives the same marketplace on every machine. */

export type Random = ReturnType<typeof random>;

/** mulberry32 */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, count);
  };
  return { next, int, pick, sample, chance: (p: number) => next() < p };
}

export const SCREENSHOTS_PER_GAME = 4;
export const demoShotKey = (slug: string, index: number) => `demo/shots/${slug}-${index + 1}.jpg`;

const aliases: Record<string, string> = {
  wzry: '王者',
  hpjy: '和平',
  ys: '原神',
  lolm: 'LOL手游',
  jccz: '金铲铲',
  xqtd: '星铁',
  dwrg: '五人格',
  dzpd: '蛋仔',
  hyrz: '火影',
  mhxy: '梦幻',
  cf: 'CF',
  mrfz: '方舟',
};
const flourishes = [
  '可二次实名',
  '高性价比',
  '急出',
  '老号稀有',
  '诚心出售',
  '价格可谈',
  '无违规记录',
  '开局即毕业',
  '送绑定邮箱',
  '秒换绑',
];
const sellingPoints = [
  '账号无违规、无封禁记录，放心购买。',
  '本人自用号，长期登录，从未借给他人。',
  '活动限定道具都在，截图可核对。',
  '支持平台担保交易，配合完成全部换绑。',
  '价格可小刀，诚心要的私聊平台客服。',
  '资源囤了很多，接手就能直接玩。',
  '因个人原因退坑，低价出，先到先得。',
];

function attributeValue(field: AttributeField, quality: number, rng: Random): AttributeValue | undefined {
  if (!field.required && rng.chance(0.35)) return undefined;
  switch (field.type) {
    case 'int': {
      const spread = field.max - field.min;
      return Math.max(
        field.min,
        Math.min(field.max, field.min + Math.round(spread * quality ** 0.8 * (0.7 + rng.next() * 0.3))),
      );
    }
    case 'enum': {
      const index = Math.min(
        field.options.length - 1,
        Math.floor(quality * field.options.length * (0.8 + rng.next() * 0.4)),
      );
      return field.options[index]?.value ?? field.options[0]?.value ?? '';
    }
    case 'multi': {
      const count = Math.min(
        field.max_select,
        Math.floor(quality * Math.min(6, field.options.length) + rng.next() * 1.5),
      );
      return rng.sample(field.options, count).map((option) => option.value);
    }
    case 'bool':
      return rng.chance(0.5);
    case 'text':
      return String(rng.int(100_000_000, 999_999_999));
  }
}

function bindingValue(field: BindingField, rng: Random): AttributeValue | undefined {
  if (!field.required && rng.chance(0.3)) return undefined;
  switch (field.type) {
    case 'enum':
      return rng.chance(0.65) ? (field.options[0]?.value ?? '') : rng.pick(field.options).value;
    case 'bool':
      return rng.chance(0.75);
    case 'int':
      return rng.int(field.min, Math.min(field.max, 30));
  }
}

export interface DemoListingInput {
  entry: CatalogueGameEntry;
  slug: string;
  priceYuan: [number, number];
  sellerId: number;
  now: Date;
  rng: Random;
}

export type GoodsInsert = typeof goods.$inferInsert;

export function demoListing({ entry, slug, priceYuan, sellerId, now, rng }: DemoListingInput): GoodsInsert {
  const quality = rng.next() ** 1.3;
  const platform: Platform = rng.pick(entry.game.platforms);
  const partitions = entry.partitions.filter((partition) => partition.platform === platform);
  const partition = rng.pick(partitions.length > 0 ? partitions : entry.partitions);
  const attrs: AttributeValues = {};
  for (const field of entry.schema.fields) {
    const value = attributeValue(field, quality, rng);
    if (value !== undefined) attrs[field.key] = value;
  }
  const bindings: AttributeValues = {};
  for (const field of entry.schema.bindings) {
    const value = bindingValue(field, rng);
    if (value !== undefined) bindings[field.key] = value;
  }
  const offered = entry.schema.guarantees.map((option) => option.code);
  const guarantees: CompensationOptionCode[] = rng.chance(0.7)
    ? offered.filter((code, index) => index === 0 || rng.chance(0.4))
    : [];
  const bargain = rng.chance(0.45);
  const urgent = rng.chance(0.15);
  const verified = rng.chance(0.3);

  const [minYuan, maxYuan] = priceYuan;
  const yuan = minYuan + (maxYuan - minYuan) * quality ** 1.6 * (0.8 + rng.next() * 0.4);
  const price = Math.max(100, Math.round(yuan >= 100 ? yuan / 10 : yuan) * (yuan >= 100 ? 1000 : 100));
  const originalPrice = rng.chance(0.4) ? Math.round((price * (1.1 + rng.next() * 0.5)) / 100) * 100 : null;

  const rares = entry.schema.fields.flatMap((field) => {
    const value = attrs[field.key];
    return field.type === 'multi' && Array.isArray(value) ? value : [];
  });
  const draft = {
    title: '',
    description: '',
    platform,
    partitionName: partition.name,
    attrs,
    bindings,
    guarantees,
    bargain,
    urgent,
    verified,
  };
  const highlightTexts = deriveFields(draft, entry).highlights;
  const name = rng.chance(0.7) ? entry.game.name : (aliases[slug] ?? entry.game.name);
  const title = [name, ...highlightTexts, ...rares.slice(0, 2), rng.pick(flourishes)]
    .join(' ')
    .slice(0, TITLE_MAX);
  const description = [
    `${entry.game.name}${partition.name}账号，${rng.pick(sellingPoints)}`,
    rares.length > 0 ? `稀有：${rares.join('、')}。` : '',
    rng.pick(sellingPoints),
    guarantees.length > 0 ? '支持购买包赔，找回全额赔付。' : '',
    `售价${fenToAmount(price)}元，${bargain ? '可议价' : '一口价'}。`,
  ].join('');
  const derived = deriveFields({ ...draft, title, description }, entry);
  const listedAt = new Date(now.getTime() - rng.int(0, 60 * 24 * 60) * 60_000);
  const views = rng.int(0, 3000);
  const favourites = rng.int(0, Math.floor(views / 20));
  const shots = rng.sample(
    Array.from({ length: SCREENSHOTS_PER_GAME }, (_, index) => demoShotKey(slug, index)),
    rng.int(2, SCREENSHOTS_PER_GAME),
  );
  return {
    sellerId,
    gameId: entry.game.id,
    platform,
    partitionId: partition.id,
    title,
    description,
    attrs,
    bindings,
    guarantees,
    screenshots: shots,
    price,
    originalPrice,
    bargain,
    urgent,
    accountHint: `演示账号${rng.int(1000, 9999)}`,
    ...derived,
    status: 'on_sale',
    views,
    favourites,
    heat: views + favourites * HEAT_PER_FAVOURITE,
    rankScore: rankScoreOf(listedAt, derived.tags),
    listedAt,
    verifiedAt: verified ? listedAt : null,
    createdAt: listedAt,
    updatedAt: listedAt,
  };
}
