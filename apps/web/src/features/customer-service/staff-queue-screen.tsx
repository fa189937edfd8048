import { Button, List, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCodes, type ServiceQueueItem } from '@haoshi/contracts';
import { useChatLink, useChatLinkConnected } from '@/core/chat-link';
import { formatChinaMonthDayTime } from '@/core/china-time';
import { isApiError } from '@/core/http/client';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useServiceQueue } from './api/service-queue';
import { useTakeSession } from './api/take-session';
import { useLiveServiceQueue } from './live-service-chat';
import { csMessages as m } from './messages';
import './customer-service.css';

function QueueItem({
  item,
  onOpen,
  action,
}: {
  item: ServiceQueueItem;
  onOpen: () => void;
  action?: React.ReactNode;
}) {
  return (
    <List.Item onClick={onOpen} extra={action} data-testid={`cs-queue-item-${item.id}`}>
      <div className="cs-queue-card">
        <strong>
          {item.queue_position !== null ? `#${item.queue_position} ` : ''}
          {item.user_nickname}
        </strong>
        <span>{item.order_title ? `${m.askAbout}：${item.order_title}` : item.question || m.noQuestion}</span>
        <span className="cs-queue-card__meta">
          {item.status_label} · {formatChinaMonthDayTime(item.created_at)}
        </span>
      </div>
    </List.Item>
  );
}

/** /customerServiceQueue (not in SPEC, docs/decisions.md): the staff's queue and their own sessions. */
export default function StaffQueueScreen() {
  const navigate = useNavigate();
  const link = useChatLink();
  const queue = useServiceQueue(true, useChatLinkConnected(link));
  useLiveServiceQueue(link);
  const take = useTakeSession();
  const [tab, setTab] = useState<'queued' | 'mine'>('queued');
  const open = (id: number) => void navigate(`/customerServiceChat?id=${id}`);
  if (queue.isPending) return <ScreenSkeleton />;
  if (queue.isError) {
    const staffOnly = isApiError(queue.error) && queue.error.code === ErrorCodes.SERVICE_STAFF_ONLY;
    return (
      <StatusScreen
        status={staffOnly ? 'empty' : 'disconnected'}
        title={staffOnly ? m.staffOnly : m.queueFailed}
        description={staffOnly ? m.staffOnlyHint : m.faqFailedHint}
        actions={staffOnly ? [] : [{ text: m.reload, primary: true, onClick: () => void queue.refetch() }]}
      />
    );
  }
  const items = tab === 'queued' ? queue.data.queued : queue.data.mine;
  return (
    <div className="cs-screen">
      <Tabs activeKey={tab} onChange={(key) => setTab(key === 'mine' ? 'mine' : 'queued')}>
        <Tabs.Tab key="queued" title={`${m.queueTitle}（${queue.data.queued.length}）`} />
        <Tabs.Tab key="mine" title={`${m.mineTitle}（${queue.data.mine.length}）`} />
      </Tabs>
      {items.length === 0 ? (
        <StatusScreen
          status="empty"
          title={tab === 'queued' ? m.queueEmpty : m.mineEmpty}
          description={tab === 'queued' ? m.queueEmptyHint : m.mineEmptyHint}
          actions={[]}
          testId="cs-queue-empty"
        />
      ) : (
        <List mode="card">
          {items.map((item) => (
            <QueueItem
              key={item.id}
              item={item}
              onOpen={() => open(item.id)}
              action={
                tab === 'queued' ? (
                  <Button
                    size="small"
                    color="primary"
                    loading={take.isPending && take.variables === item.id}
                    onClick={(event) => {
                      event.stopPropagation();
                      take.mutate(item.id, { onSuccess: () => open(item.id) });
                    }}
                  >
                    接入
                  </Button>
                ) : undefined
              }
            />
          ))}
        </List>
      )}
    </div>
  );
}
