import { Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { StatusScreen } from '@/ui/status-screen';
import { useNotices } from './api/notices';
import { chatMessages as m } from './messages';
import { NoticeCard } from './notice-card';
import { useReadChannel } from './use-read-channel';
import './chat.css';

export function NoticeSkeleton() {
  return (
    <div className="chat-notices" role="status" aria-busy="true" aria-label="加载中">
      {[0, 1, 2].map((index) => (
        <div key={index} className="chat-notice-card">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}

/** /chatSystemInform: order, bargain, withdrawal and other events, newest first; opening marks them read. */
export default function SystemInformScreen() {
  const navigate = useNavigate();
  const notices = useNotices('system');
  useReadChannel('system', notices.data?.pages[0]);
  if (notices.isPending) return <NoticeSkeleton />;
  if (notices.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailedTitle}
        description={m.loadFailedBody}
        actions={[{ text: m.retry, primary: true, onClick: () => void notices.refetch() }]}
      />
    );
  const list = notices.data.pages.flatMap((page) => page.list);
  if (list.length === 0)
    return (
      <StatusScreen
        status="empty"
        title={m.systemEmptyTitle}
        description={m.systemEmptyBody}
        actions={[{ text: m.backToList, primary: true, onClick: () => void navigate('/conversationList') }]}
        testId="notices-empty"
      />
    );
  return (
    <div className="chat-notices">
      <ul className="chat-notices__list" aria-label={m.noticesLabel}>
        {list.map((notice) => (
          <li key={notice.id}>
            <NoticeCard notice={notice} />
          </li>
        ))}
      </ul>
      {notices.hasNextPage ? (
        <button
          type="button"
          className="chat-more"
          disabled={notices.isFetchingNextPage}
          onClick={() => void notices.fetchNextPage()}
        >
          {notices.isFetchingNextPage ? '加载中…' : '加载更多'}
        </button>
      ) : null}
    </div>
  );
}
