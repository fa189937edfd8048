import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type IntelligenceItem, type Notice, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { goodsDetailKeys } from '@/core/query-keys';

/** What /forumDetails shows: an intelligence article (资讯) or a platform notice (公告). */
export interface Article {
  kind: 'intelligence' | 'notice';
  title: string;
  label: string;
  content: string;
  cover: string;
  views: number | null;
  published_at: string;
}

export type ArticleRef = { kind: 'intelligence'; id: number } | { kind: 'notice'; id: number };

async function fetchIntelligence(id: number): Promise<Article> {
  const page = await http
    .get<Page<IntelligenceItem>>(apiPaths.intelligence, { id, page: 1, page_size: 1 }, { silent: true })
    .then(unwrap);
  const item = page.list[0];
  if (!item) throw new Error('article missing from its own page');
  return {
    kind: 'intelligence',
    title: item.title,
    label: item.game_name,
    content: item.content,
    cover: item.cover,
    views: item.views,
    published_at: item.published_at,
  };
}

async function fetchNotice(id: number): Promise<Article> {
  const notice = await http.get<Notice>(apiPaths.noticeDetail, { id }, { silent: true }).then(unwrap);
  return {
    kind: 'notice',
    title: notice.title,
    label: notice.category,
    content: notice.content,
    cover: '',
    views: null,
    published_at: notice.published_at,
  };
}

export function fetchArticle(ref: ArticleRef): Promise<Article> {
  return ref.kind === 'intelligence' ? fetchIntelligence(ref.id) : fetchNotice(ref.id);
}

export const articleQueryOptions = (ref: ArticleRef) =>
  queryOptions({ queryKey: goodsDetailKeys.article(ref.kind, ref.id), queryFn: () => fetchArticle(ref) });

export function useArticle(ref: ArticleRef | undefined) {
  return useQuery({
    ...articleQueryOptions(ref ?? { kind: 'intelligence', id: 0 }),
    enabled: ref !== undefined,
  });
}
