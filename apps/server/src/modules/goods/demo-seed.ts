import { count, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ensureUsers } from '../identity/index.ts';
import { catalogueGames, createCatalogueService, seedCatalogue } from '../catalogue/index.ts';
import {
  avatarSvg,
  ensureDemoImage,
  iconSvg,
  screenshotJpeg,
  type StorageProvider,
} from '../storage/index.ts';
import { seedSearchAliases } from './search-aliases.ts';
import { goods, stores } from './tables.ts';
import { demoListing, demoShotKey, random, SCREENSHOTS_PER_GAME, type GoodsInsert } from './demo-listings.ts';

/** The demo marketplace: catalogue, pictures, sellers with stores, listings, reviews (home content: home/demo-seed.ts). */

export const DEMO_SELLERS = 150;
const DEMO_BUYERS = 40;
const AVATARS = 12;
const BATCH = 500;
const avatarColors = [
  '#f5222d',
  '#fa8c16',
  '#fadb14',
  '#52c41a',
  '#13c2c2',
  '#1677ff',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
  '#8c8c8c',
  '#a0d911',
  '#faad14',
];
const storeWords = [
  '星耀',
  '小鹿',
  '南山',
  '橙子',
  '阿狸',
  '青柠',
  '白鹭',
  '北辰',
  '锦鲤',
  '麦兜',
  '云朵',
  '大橘',
];
const storeKinds = ['游戏工作室', '账号铺', '精品号店', '的小店', '游戏馆', '号行'];
const sellerPhone = (n: number) => `1990000${String(n).padStart(4, '0')}`;
const buyerPhone = (n: number) => `1980000${String(n).padStart(4, '0')}`;
/** The phones of the n-th demo seller and buyer (n from 1). */
export const demoSellerPhone = sellerPhone;
export const demoBuyerPhone = buyerPhone;

async function drawPictures(storage: StorageProvider): Promise<void> {
  const jobs: Array<() => Promise<void>> = [];
  for (const game of catalogueGames) {
    jobs.push(() =>
      ensureDemoImage(storage, `demo/icons/${game.slug}.svg`, 'image/svg+xml', () =>
        iconSvg(game.name, game.color),
      ),
    );
    for (let index = 0; index < SCREENSHOTS_PER_GAME; index++) {
      const subtitle = ['角色与等级', '皮肤仓库', '战绩与段位', '背包与资源'][index] ?? '';
      jobs.push(() =>
        ensureDemoImage(storage, demoShotKey(game.slug, index), 'image/jpeg', () =>
          screenshotJpeg({
            title: game.name,
            subtitle,
            color: game.color,
            seed: game.slug.length * 31 + index,
          }),
        ),
      );
    }
  }
  for (let index = 0; index < AVATARS; index++) {
    const word = storeWords[index % storeWords.length] ?? '号';
    jobs.push(() =>
      ensureDemoImage(storage, `demo/avatars/${index + 1}.svg`, 'image/svg+xml', () =>
        avatarSvg(word, avatarColors[index] ?? '#1677ff'),
      ),
    );
  }
  // Four at a time: sharp runs on its own threads, and a 2-core machine gains nothing from more.
  for (let start = 0; start < jobs.length; start += 4)
    await Promise.all(jobs.slice(start, start + 4).map((job) => job()));
}

async function demoUsers(
  db: Database,
  phones: string[],
  nickname: (index: number) => string,
): Promise<number[]> {
  const byPhone = await ensureUsers(
    db,
    phones.map((phone, index) => ({
      phone,
      nickname: nickname(index),
      avatar: `demo/avatars/${(index % AVATARS) + 1}.svg`,
    })),
  );
  return phones.flatMap((phone) => byPhone.get(phone) ?? []);
}

export interface ListingsDemoOptions {
  /** On-sale demo listings wanted in total; existing ones count, so a re-run only tops up. */
  goods: number;
  storage: StorageProvider;
  now: Date;
}

export async function seedListingsDemo(
  db: Database,
  options: ListingsDemoOptions,
): Promise<{ created: number; total: number }> {
  const { now, storage } = options;
  await seedCatalogue(db);
  await seedSearchAliases(db);
  const catalogue = createCatalogueService({ db, imageUrl: (key) => key });
  const lookup = await catalogue.lookup();
  const gameIds = new Map(lookup.games.map((game) => [game.name, game.id]));
  await drawPictures(storage);

  const rng = random(20261121);
  const sellerIds = await demoUsers(
    db,
    Array.from({ length: DEMO_SELLERS }, (_, i) => sellerPhone(i + 1)),
    (i) => `${storeWords[i % storeWords.length] ?? ''}卖家${i + 1}`,
  );
  // The demo buyers: the demo trades (seed-demo-trades.ts) buy with them and leave the reviews.
  await demoUsers(
    db,
    Array.from({ length: DEMO_BUYERS }, (_, i) => buyerPhone(i + 1)),
    (i) => `玩家${String(i + 1).padStart(3, '0')}`,
  );
  await db
    .insert(stores)
    .values(
      sellerIds.map((userId, index) => ({
        userId,
        name: `${storeWords[index % storeWords.length] ?? ''}${storeKinds[index % storeKinds.length] ?? ''}${index >= storeWords.length ? index + 1 : ''}`,
        avatar: `demo/avatars/${(index % AVATARS) + 1}.svg`,
        intro: '专注精品账号，支持验号与包赔，欢迎咨询。',
        rating: rng.int(460, 500),
        deals: rng.int(0, 5000),
        followers: rng.int(0, 20000),
        createdAt: new Date(now.getTime() - rng.int(30, 900) * 86_400_000),
      })),
    )
    .onConflictDoNothing();

  const [existing] = await db
    .select({ value: count() })
    .from(goods)
    .where(inArray(goods.sellerId, sellerIds));
  const have = existing?.value ?? 0;
  const wanted = Math.max(0, options.goods - have);
  const entries = catalogueGames.flatMap((game) => {
    const entry = lookup.byId.get(gameIds.get(game.name) ?? 0);
    return entry ? [{ entry, game }] : [];
  });
  // Continue the sequence where an earlier run stopped, so top-ups add new listings rather than copies.
  const listingRng = random(7919 + have);
  for (let done = 0; done < wanted; done += BATCH) {
    const batch: GoodsInsert[] = Array.from({ length: Math.min(BATCH, wanted - done) }, () => {
      const { entry, game } = listingRng.pick(entries);
      return demoListing({
        entry,
        slug: game.slug,
        priceYuan: game.priceYuan,
        sellerId: listingRng.pick(sellerIds),
        now,
        rng: listingRng,
      });
    });
    await db.insert(goods).values(batch);
  }

  return { created: wanted, total: have + wanted };
}
