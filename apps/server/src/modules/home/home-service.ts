import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  fenToAmount,
  type Banner,
  type HomeIndex,
  type IntelligenceItem,
  type Keywords,
  type Notice,
  type NoticeSummary,
  type Page,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ResultCache } from '../../lib/result-cache.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import { onSaleCounts, onSaleStatsByGame, ratingText, topStores } from '../goods/index.ts';
import { banners, intelligence, notices, searchKeywords } from './tables.ts';

const quickEntries = [
  { key: 'recycle', title: '账号回收', icon: 'recycle', link: '/recycleHome' },
  { key: 'rent', title: '租号玩', icon: 'rent', link: '/secondRent' },
  { key: 'guarantee', title: '官方包赔', icon: 'guarantee', link: '/officialGuarantee' },
  { key: 'sell', title: '我要卖号', icon: 'sell', link: '/sincereSell' },
  { key: 'rank', title: '排行榜', icon: 'rank', link: '/rank' },
  { key: 'service', title: '客服中心', icon: 'service', link: '/customerService' },
];

const toNoticeSummary = (row: typeof notices.$inferSelect): NoticeSummary => ({
  id: row.id,
  title: row.title,
  category: row.category,
  pinned: row.pinned,
  published_at: row.publishedAt.toISOString(),
});

const marksOf = (text: string, typed: string): [number, number][] => {
  const at = text.toLowerCase().indexOf(typed.toLowerCase());
  return typed && at >= 0 ? [[at, at + typed.length]] : [];
};

/** Home page content, search keywords and suggestions, rankings, intelligence and notices. */
export function createHomeService(options: {
  db: Database;
  catalogue: CatalogueService;
  imageUrl: (key: string) => string;
  cache: ResultCache;
}) {
  const { db, catalogue, imageUrl, cache } = options;

  const keywordRows = () =>
    cache.get('home:keywords', () =>
      db.select().from(searchKeywords).orderBy(desc(searchKeywords.weight), asc(searchKeywords.keyword)),
    );

  const hotKeywords = async (gameId?: number) =>
    (await keywordRows())
      .filter((row) => gameId === undefined || row.gameId === gameId || row.gameId === null)
      .slice(0, 10)
      .map((row) => row.keyword);

  return {
    async index(): Promise<HomeIndex> {
      return cache.get('home:index', async () => {
        const [bannerRows, noticeRows, games, hot] = await Promise.all([
          db
            .select()
            .from(banners)
            .where(eq(banners.active, true))
            .orderBy(asc(banners.sort), asc(banners.id)),
          db
            .select()
            .from(notices)
            .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
            .limit(3),
          catalogue.games(),
          hotKeywords(),
        ]);
        return {
          banners: bannerRows.map((row): Banner => ({
            id: row.id,
            title: row.title,
            image: imageUrl(row.image),
            link: row.link,
          })),
          games,
          entries: quickEntries,
          notices: noticeRows.map(toNoticeSummary),
          hot_keywords: hot,
          search_placeholder: hot[0] ? `搜索“${hot[0]}”试试` : '搜索游戏、皮肤、英雄',
        };
      });
    },

    async keywords(typed: string | undefined, gameId: number | undefined): Promise<Keywords> {
      const hot = await hotKeywords(gameId);
      const text = (typed ?? '').trim();
      if (!text) return { hot, suggestions: [] };
      const needle = text.toLowerCase();
      const games = (await catalogue.games()).filter((game) => game.name.toLowerCase().includes(needle));
      const gameNames = new Set(games.map((game) => game.name));
      const words = (await keywordRows()).filter(
        (row) => row.keyword.toLowerCase().includes(needle) && !gameNames.has(row.keyword),
      );
      return {
        hot,
        suggestions: [
          ...games.map((game) => ({
            text: game.name,
            kind: 'game' as const,
            game_id: game.id,
            marks: marksOf(game.name, text),
          })),
          ...words.map((row) => ({
            text: row.keyword,
            kind: 'keyword' as const,
            game_id: row.gameId,
            marks: marksOf(row.keyword, text),
          })),
        ].slice(0, 10),
      };
    },

    async topGames(limit: number) {
      const [games, stats] = await Promise.all([
        catalogue.games(),
        cache.get('home:game-stats', () => onSaleStatsByGame(db)),
      ]);
      return games
        .map((game) => ({
          ...game,
          on_sale_count: stats.get(game.id)?.count ?? 0,
          avg_price: fenToAmount(stats.get(game.id)?.avgPrice ?? 0),
        }))
        .sort((a, b) => b.on_sale_count - a.on_sale_count || a.sort - b.sort)
        .slice(0, limit)
        .map((game, index) => ({ ...game, rank: index + 1 }));
    },

    async topStores(limit: number) {
      return cache.get(`home:top-stores:${limit}`, async () => {
        const rows = await topStores(db, limit);
        const counts = await onSaleCounts(
          db,
          rows.map((row) => row.userId),
        );
        return rows.map((row, index) => ({
          rank: index + 1,
          seller_id: row.userId,
          store_name: row.name,
          avatar: row.avatar ? imageUrl(row.avatar) : '',
          rating: ratingText(row.rating),
          deals: row.deals,
          followers: row.followers,
          on_sale: counts.get(row.userId) ?? 0,
        }));
      });
    },

    async intelligence(query: {
      page: number;
      page_size: number;
      game_id?: number | undefined;
      id?: number | undefined;
    }): Promise<Page<IntelligenceItem>> {
      const where = and(
        query.game_id === undefined ? undefined : eq(intelligence.gameId, query.game_id),
        query.id === undefined ? undefined : eq(intelligence.id, query.id),
      );
      const [rows, [total], lookup] = await Promise.all([
        db
          .select()
          .from(intelligence)
          .where(where)
          .orderBy(desc(intelligence.publishedAt), desc(intelligence.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ value: count() }).from(intelligence).where(where),
        catalogue.lookup(),
      ]);
      if (query.id !== undefined && rows.length === 0)
        throw new AppError(ErrorCodes.NOT_FOUND, '资讯不存在或已删除');
      return {
        list: rows.map((row) => ({
          id: row.id,
          game_id: row.gameId,
          game_name: row.gameId === null ? '' : (lookup.byId.get(row.gameId)?.game.name ?? ''),
          title: row.title,
          summary: row.summary,
          content: query.id === undefined ? '' : row.content,
          cover: row.cover ? imageUrl(row.cover) : '',
          views: row.views,
          published_at: row.publishedAt.toISOString(),
        })),
        total: total?.value ?? 0,
        page: query.page,
        page_size: query.page_size,
      };
    },

    async notices(query: {
      page: number;
      page_size: number;
      category?: string | undefined;
    }): Promise<Page<NoticeSummary>> {
      const where = query.category === undefined ? undefined : eq(notices.category, query.category);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notices)
          .where(where)
          .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ value: count() }).from(notices).where(where),
      ]);
      return {
        list: rows.map(toNoticeSummary),
        total: total?.value ?? 0,
        page: query.page,
        page_size: query.page_size,
      };
    },

    async notice(id: number): Promise<Notice> {
      const [row] = await db.select().from(notices).where(eq(notices.id, id));
      if (!row) throw new AppError(ErrorCodes.NOT_FOUND, '公告不存在或已删除');
      return { ...toNoticeSummary(row), content: row.content };
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
