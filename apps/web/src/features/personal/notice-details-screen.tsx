import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { formatChinaDayLabel, formatChinaTimeOfDay } from '@/core/china-time';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useEventDetail } from './api/event-detail';
import { useNoticeDetail } from './api/notice-detail';
import { personalMessages as m } from './messages';
import './personal.css';

const positiveId = (raw: string | null) => {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

function Article({ title, at, body, link }: { title: string; at: string; body: string; link?: string }) {
  const navigate = useNavigate();
  return (
    <article className="personal__article">
      <h1>{title}</h1>
      <time dateTime={at}>{`${formatChinaDayLabel(at)} ${formatChinaTimeOfDay(at)}`}</time>
      {body.split('\n').map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      {link ? (
        <Button color="primary" fill="outline" onClick={() => void navigate(link)}>
          {m.openLink}
        </Button>
      ) : null}
    </article>
  );
}

/**
 * /noticeDetails (公告详情): an announcement (`?id=`, /app/notice/detail), or one of the user's own
 * account messages (`?event_id=`, /app/user/event/detail).
 */
export default function NoticeDetailsScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const eventId = positiveId(params.get('event_id'));
  const noticeId = eventId ? 0 : positiveId(params.get('id'));
  const event = useEventDetail(eventId, eventId > 0);
  const notice = useNoticeDetail(noticeId, noticeId > 0);
  const query = eventId ? event : notice;
  const missing = (
    <StatusScreen
      status="empty"
      title={eventId ? m.eventMissing : m.noticeMissing}
      description={m.noticeMissingBody}
      actions={[{ text: m.backHome, primary: true, onClick: () => void navigate('/') }]}
      testId="notice-missing"
    />
  );
  if (!eventId && !noticeId) return <div className="personal">{missing}</div>;
  if (query.isPending) return <ScreenSkeleton />;
  if (event.data && eventId)
    return (
      <div className="personal">
        <Article
          title={event.data.title}
          at={event.data.created_at}
          body={event.data.body}
          link={event.data.link}
        />
      </div>
    );
  if (notice.data && noticeId)
    return (
      <div className="personal">
        <Article title={notice.data.title} at={notice.data.published_at} body={notice.data.content} />
      </div>
    );
  return <div className="personal">{missing}</div>;
}
