import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { ErrorCodes, type FaqArticle, type FaqMain, type FaqQuery, type FaqSummary } from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { faqContent } from './faq-content.ts';
import { faqArticles, faqCategories } from './tables.ts';

const HOT_LIMIT = 8;
const LIST_LIMIT = 50;
const RELATED_LIMIT = 4;

type ArticleRow = typeof faqArticles.$inferSelect;

const summaryOf = (row: ArticleRow): FaqSummary => ({
  id: row.id,
  category_id: row.categoryId,
  title: row.title,
  summary: (row.content.split(/[。\n]/)[0] ?? '').trim(),
});

/** A LIKE pattern matching `keyword` literally. */
const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Adds the help centre's categories and articles that are not there yet (by slug). */
export async function seedFaq(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [index, category] of faqContent.entries()) {
      await tx
        .insert(faqCategories)
        .values({ slug: category.slug, name: category.name, description: category.description, sort: index })
        .onConflictDoNothing({ target: faqCategories.slug });
      const [row] = await tx.select().from(faqCategories).where(eq(faqCategories.slug, category.slug));
      if (!row) continue;
      await tx
        .insert(faqArticles)
        .values(
          category.articles.map((article, sort) => ({
            slug: article.slug,
            categoryId: row.id,
            title: article.title,
            content: article.content,
            hot: article.hot ?? false,
            sort,
          })),
        )
        .onConflictDoNothing({ target: faqArticles.slug });
    }
  });
}

async function articleOf(executor: Executor, id: number): Promise<FaqArticle> {
  const [row] = await executor
    .update(faqArticles)
    .set({ views: sql`${faqArticles.views} + 1` })
    .where(eq(faqArticles.id, id))
    .returning();
  if (!row) throw new AppError(ErrorCodes.SERVICE_FAQ_NOT_FOUND);
  const [[category], related] = await Promise.all([
    executor.select().from(faqCategories).where(eq(faqCategories.id, row.categoryId)),
    executor
      .select()
      .from(faqArticles)
      .where(and(eq(faqArticles.categoryId, row.categoryId), ne(faqArticles.id, row.id)))
      .orderBy(asc(faqArticles.sort), asc(faqArticles.id))
      .limit(RELATED_LIMIT),
  ]);
  return {
    ...summaryOf(row),
    category_name: category?.name ?? '',
    content: row.content,
    views: row.views,
    related: related.map(summaryOf),
  };
}

/** GET /app/problem/main: categories, hot questions, a category's or a search's list, one article. */
export async function faqMain(db: Database, query: FaqQuery): Promise<FaqMain> {
  const keyword = query.keyword?.trim() ?? '';
  const listWhere = keyword
    ? or(ilike(faqArticles.title, containing(keyword)), ilike(faqArticles.content, containing(keyword)))
    : query.category_id !== undefined
      ? eq(faqArticles.categoryId, query.category_id)
      : undefined;
  const [categories, counts, hot, list, article] = await Promise.all([
    db.select().from(faqCategories).orderBy(asc(faqCategories.sort), asc(faqCategories.id)),
    db
      .select({ categoryId: faqArticles.categoryId, value: count() })
      .from(faqArticles)
      .groupBy(faqArticles.categoryId),
    db
      .select()
      .from(faqArticles)
      .where(eq(faqArticles.hot, true))
      .orderBy(desc(faqArticles.views), asc(faqArticles.id))
      .limit(HOT_LIMIT),
    listWhere
      ? db
          .select()
          .from(faqArticles)
          .where(
            keyword && query.category_id !== undefined
              ? and(listWhere, eq(faqArticles.categoryId, query.category_id))
              : listWhere,
          )
          .orderBy(asc(faqArticles.categoryId), asc(faqArticles.sort), asc(faqArticles.id))
          .limit(LIST_LIMIT)
      : Promise.resolve([]),
    query.id !== undefined ? articleOf(db, query.id) : Promise.resolve(null),
  ]);
  const countOf = new Map(counts.map((row) => [row.categoryId, row.value]));
  return {
    categories: categories.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      count: countOf.get(row.id) ?? 0,
    })),
    hot: hot.map(summaryOf),
    list: list.map(summaryOf),
    article,
  };
}
