import { Link } from 'react-router';
import type { ChatNotice } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { chatMessages as m } from './messages';

/** One notice: what happened, when, and a link to what it is about. */
export function NoticeCard({ notice }: { notice: ChatNotice }) {
  return (
    <article
      className={`chat-notice-card ${notice.read ? '' : 'chat-notice-card--unread'}`}
      data-testid="notice-card"
    >
      <header className="chat-notice-card__head">
        <h3 className="chat-notice-card__title">{notice.title}</h3>
        <time className="chat-notice-card__time" dateTime={notice.created_at}>
          {formatChinaDateTime(notice.created_at)}
        </time>
      </header>
      <p className="chat-notice-card__body">{notice.body}</p>
      {notice.link ? (
        <Link to={notice.link} className="chat-notice-card__link">
          {m.viewDetail}
        </Link>
      ) : null}
    </article>
  );
}
