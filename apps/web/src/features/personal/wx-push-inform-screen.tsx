import { List, Switch, Tag } from 'antd-mobile';
import type { WxPush } from '@haoshi/contracts';
import { formatChinaDayLabel, formatChinaTimeOfDay } from '@/core/china-time';
import { useNavigate } from 'react-router';
import { RequireLogin } from '@/ui/require-login';
import { StatusScreen } from '@/ui/status-screen';
import { useUpdateWxNotice } from './api/update-wx-notice';
import { useWxNotice } from './api/wx-notice';
import { LoadState } from './load-state';
import { personalMessages as m } from './messages';
import './personal.css';

const when = (iso: string) => `${formatChinaDayLabel(iso)} ${formatChinaTimeOfDay(iso)}`;
const statusColor = { pending: 'warning', delivered: 'success', failed: 'danger' } as const;

/** 最近推送: what was pushed to the bound WeChat and whether it was delivered. */
function RecentPushes({ pushes }: { pushes: readonly WxPush[] }) {
  return (
    <List mode="card" header={m.wxRecentTitle} data-testid="wx-recent-pushes">
      {pushes.length === 0 ? (
        <List.Item>{m.wxRecentEmpty}</List.Item>
      ) : (
        pushes.map((push) => (
          <List.Item
            key={push.id}
            description={
              <>
                <span className="personal__line">{push.body}</span>
                <span className="personal__line">{`${push.topic_title} · ${when(push.created_at)}`}</span>
              </>
            }
            extra={<Tag color={statusColor[push.status]}>{push.status_label}</Tag>}
          >
            {push.title}
          </List.Item>
        ))
      )}
    </List>
  );
}

function WxPushSettings() {
  const navigate = useNavigate();
  const state = useWxNotice();
  const update = useUpdateWxNotice();
  return (
    <LoadState query={state}>
      {({ wechat_bound: bound, topics, recent_pushes: pushes }) => (
        <>
          {bound ? (
            <p className="personal__hint">{m.wxHint}</p>
          ) : (
            <StatusScreen
              status="empty"
              title={m.wxNeedsBinding}
              description={m.wxHint}
              actions={[{ text: m.goBind, primary: true, onClick: () => void navigate('/thirdInfo') }]}
              testId="wx-needs-binding"
            />
          )}
          <List mode="card">
            {topics.map((topic) => (
              <List.Item
                key={topic.topic}
                description={topic.description}
                extra={
                  <Switch
                    checked={bound && topic.enabled}
                    disabled={!bound}
                    aria-label={topic.title}
                    loading={update.isPending && update.variables.topic === topic.topic}
                    onChange={(enabled) => update.mutate({ topic: topic.topic, enabled })}
                  />
                }
              >
                {topic.title}
              </List.Item>
            ))}
          </List>
          {bound || pushes.length > 0 ? <RecentPushes pushes={pushes} /> : null}
        </>
      )}
    </LoadState>
  );
}

/** /wxPushInform (微信消息提醒): which messages the bound WeChat receives (/app/user/bind/wx_notice). */
export default function WxPushInformScreen() {
  return (
    <div className="personal">
      <RequireLogin>
        <WxPushSettings />
      </RequireLogin>
    </div>
  );
}
