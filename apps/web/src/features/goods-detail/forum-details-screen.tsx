import { useNavigate, useSearchParams } from 'react-router';
import { ErrorCodes } from '@haoshi/contracts';
import { isApiError } from '@/core/http/errors';
import { resizeImage } from '@/core/image';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useArticle, type ArticleRef } from './api/article';
import { idParam } from './params';
import { formatChinaDate } from '@/core/china-time';
import { forumMessages as m } from './messages';
import './goods-detail.css';

/** ?id= is an intelligence article (资讯); ?notice_id= a platform notice (公告). */
export function articleRefOf(params: URLSearchParams): ArticleRef | undefined {
  const noticeId = idParam(params.get('notice_id'));
  if (noticeId !== undefined) return { kind: 'notice', id: noticeId };
  const id = idParam(params.get('id'));
  return id === undefined ? undefined : { kind: 'intelligence', id };
}

const isNotFound = (error: unknown) =>
  isApiError(error) && (error.code === ErrorCodes.NOT_FOUND || error.code === ErrorCodes.GOODS_NOT_FOUND);

/** /forumDetails: one article (资讯 or 公告) to read, paragraph by paragraph. */
export default function ForumDetailsScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ref = articleRefOf(params);
  const article = useArticle(ref);
  const goHome = { text: m.goHome, onClick: () => void navigate('/'), primary: true };

  if (ref === undefined) {
    return (
      <StatusScreen
        status="empty"
        title={m.missingTitle}
        description={m.missingBody}
        actions={[goHome]}
        testId="article-missing"
      />
    );
  }
  if (article.isPending) return <ScreenSkeleton />;
  if (article.isError) {
    return isNotFound(article.error) ? (
      <StatusScreen
        status="empty"
        title={m.notFoundTitle}
        description={m.notFoundBody}
        actions={[goHome]}
        testId="article-not-found"
      />
    ) : (
      <StatusScreen
        status="disconnected"
        title={m.errorTitle}
        description={m.errorBody}
        actions={[
          { text: m.retry, onClick: () => void article.refetch(), primary: true },
          { ...goHome, primary: false },
        ]}
        testId="article-error"
      />
    );
  }
  const { data } = article;
  const paragraphs = data.content
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return (
    <article className="forum-article">
      <h1 className="forum-article__title">{data.title}</h1>
      <p className="forum-article__meta">
        <span className="forum-article__label">
          {data.label || (data.kind === 'notice' ? m.notice : m.intelligence)}
        </span>
        <time dateTime={data.published_at}>{formatChinaDate(data.published_at)}</time>
        {data.views === null ? null : <span>{m.views(data.views)}</span>}
      </p>
      {data.cover ? <img className="forum-article__cover" src={resizeImage(data.cover, 750)} alt="" /> : null}
      {paragraphs.length === 0 ? (
        <p className="forum-article__empty">{m.emptyContent}</p>
      ) : (
        paragraphs.map((text, index) => <p key={index}>{text}</p>)
      )}
    </article>
  );
}
