import { List, Switch } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { RequireLogin } from '@/ui/require-login';
import { StatusScreen } from '@/ui/status-screen';
import { useUpdateWxNotice } from './api/update-wx-notice';
import { useWxNotice } from './api/wx-notice';
import { LoadState } from './load-state';
import { personalMessages as m } from './messages';
import './personal.css';

function WxPush() {
  const navigate = useNavigate();
  const state = useWxNotice();
  const update = useUpdateWxNotice();
  return (
    <LoadState query={state}>
      {({ wechat_bound: bound, topics }) => (
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
        <WxPush />
      </RequireLogin>
    </div>
  );
}
