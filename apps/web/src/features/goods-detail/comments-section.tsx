import { Avatar, CapsuleTabs, Popup, Rate, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { commentTagLabels, type Comment, type CommentTag } from '@haoshi/contracts';
import { resizeImage } from '@/core/image';
import { EndlessList } from '@/ui/endless-list';
import { COMMENT_PREVIEW_COUNT, useCommentSummary, useComments, type CommentSummary } from './api/comments';
import { formatChinaDate } from '@/core/china-time';
import { goodsDetailMessages as m } from './messages';

const ALL = 'all';

function CommentItem({ comment }: { comment: Comment }) {
  return (
    <article className="comment">
      <header className="comment__head">
        <Avatar
          alt=""
          src={comment.user_avatar ? resizeImage(comment.user_avatar, 64, 64) : ''}
          className="comment__avatar"
        />
        <span className="comment__user">{comment.user_name}</span>
        <Rate readOnly value={comment.rating} count={5} className="comment__rate" />
        <time className="comment__date" dateTime={comment.created_at}>
          {formatChinaDate(comment.created_at)}
        </time>
      </header>
      <p className="comment__content">{comment.content}</p>
      {comment.tags.length > 0 ? (
        <ul className="comment__tags">
          {comment.tags.map((tag) => (
            <li key={tag}>{commentTagLabels[tag]}</li>
          ))}
        </ul>
      ) : null}
      {comment.goods_title ? <p className="comment__meta">{m.commentFor(comment.goods_title)}</p> : null}
    </article>
  );
}

function AllComments({ goodsId, summary }: { goodsId: number; summary: CommentSummary }) {
  const [tag, setTag] = useState<CommentTag | undefined>(undefined);
  const comments = useComments(goodsId, tag);
  const tags = summary.tags.filter((item) => item.count > 0);
  return (
    <div className="comments-popup">
      <CapsuleTabs
        activeKey={tag ?? ALL}
        onChange={(key) => setTag(key === ALL ? undefined : (key as CommentTag))}
      >
        <CapsuleTabs.Tab key={ALL} title={`${m.commentsAllTag} ${summary.total}`} />
        {tags.map((item) => (
          <CapsuleTabs.Tab key={item.code} title={`${item.label} ${item.count}`} />
        ))}
      </CapsuleTabs>
      <EndlessList
        query={comments}
        keyOf={(comment) => comment.id}
        renderItem={(comment) => <CommentItem comment={comment} />}
        skeleton={<Skeleton.Paragraph lineCount={6} animated />}
        empty={<p className="goods-detail__muted">{m.commentsEmpty}</p>}
        errorTitle={m.commentsError}
        label={m.commentsTitle}
      />
    </div>
  );
}

/** The seller's reviews: rating, good rate, the tags buyers picked, the latest three and all of them. */
export function CommentsSection({ goodsId }: { goodsId: number }) {
  const summary = useCommentSummary(goodsId);
  const preview = useComments(goodsId, undefined, COMMENT_PREVIEW_COUNT);
  const [showAll, setShowAll] = useState(false);
  const latest = preview.data?.pages[0]?.list ?? [];
  return (
    <section className="goods-detail__card comments" aria-labelledby="goods-comments-title">
      <h2 id="goods-comments-title" className="goods-detail__heading">
        {m.commentsTitle}
      </h2>
      {summary.isPending || preview.isPending ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : summary.isError || preview.isError ? (
        <button
          type="button"
          className="goods-detail__retry"
          onClick={() => {
            void summary.refetch();
            void preview.refetch();
          }}
        >
          {m.commentsError}
        </button>
      ) : summary.data.total === 0 ? (
        <p className="goods-detail__muted">{m.commentsEmpty}</p>
      ) : (
        <>
          <p className="comments__summary">
            {m.commentsSummary(summary.data.rating, summary.data.good_rate, summary.data.total)}
          </p>
          <ul className="comments__tags" aria-label="评价标签">
            {summary.data.tags
              .filter((item) => item.count > 0)
              .map((item) => (
                <li key={item.code}>
                  {item.label} {item.count}
                </li>
              ))}
          </ul>
          {latest.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
          <button type="button" className="comments__all" onClick={() => setShowAll(true)}>
            {m.commentsAll(summary.data.total)}
          </button>
          <Popup
            visible={showAll}
            onMaskClick={() => setShowAll(false)}
            onClose={() => setShowAll(false)}
            showCloseButton
            bodyClassName="comments-popup__body"
            destroyOnClose
          >
            <h2 className="comments-popup__title">{m.commentsTitle}</h2>
            <AllComments goodsId={goodsId} summary={summary.data} />
          </Popup>
        </>
      )}
    </section>
  );
}
