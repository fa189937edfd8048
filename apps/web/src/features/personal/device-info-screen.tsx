import { Button, List, Tag } from 'antd-mobile';
import { showToast, showConfirmDialog } from '@/core/feedback-ui';
import type { SessionItem } from '@haoshi/contracts';
import { formatChinaDayLabel, formatChinaTimeOfDay } from '@/core/china-time';
import { RequireLogin } from '@/ui/require-login';
import { useRevokeSession } from './api/revoke-session';
import { useSessions } from './api/sessions';
import { LoadState } from './load-state';
import { personalMessages as m } from './messages';
import './personal.css';

const when = (iso: string) => `${formatChinaDayLabel(iso)} ${formatChinaTimeOfDay(iso)}`;

function SessionRow({ session }: { session: SessionItem }) {
  const revoke = useRevokeSession();
  return (
    <List.Item
      data-testid="device-row"
      description={
        <>
          <span className="personal__line">{`${session.place} · IP ${session.ip}`}</span>
          <span className="personal__line">{`${m.lastActive} ${when(session.last_active_at)}`}</span>
          <span className="personal__line">{`${m.signedInAt} ${when(session.created_at)}`}</span>
        </>
      }
      extra={
        session.current ? (
          <Tag color="primary" fill="outline">
            {m.currentDevice}
          </Tag>
        ) : (
          <Button
            size="small"
            color="danger"
            fill="outline"
            loading={revoke.isPending}
            aria-label={`${m.signOut}：${session.device}`}
            onClick={() =>
              void showConfirmDialog({
                content: m.signOutConfirm(session.device),
                onConfirm: () =>
                  revoke.mutate(session.id, {
                    onSuccess: ({ revoked }) => void showToast(m.signedOut(revoked)),
                  }),
              })
            }
          >
            {m.signOut}
          </Button>
        )
      }
    >
      {session.device}
    </List.Item>
  );
}

function Devices() {
  const sessions = useSessions();
  const revokeOthers = useRevokeSession();
  return (
    <LoadState query={sessions}>
      {({ list }) => (
        <>
          <p className="personal__hint">{m.devicesHint}</p>
          <List mode="card">
            {list.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </List>
          {list.length > 1 ? (
            <Button
              block
              color="danger"
              fill="outline"
              loading={revokeOthers.isPending}
              onClick={() =>
                void showConfirmDialog({
                  content: m.signOutOthersConfirm,
                  onConfirm: () =>
                    revokeOthers.mutate('others', {
                      onSuccess: ({ revoked }) => void showToast(m.signedOut(revoked)),
                    }),
                })
              }
            >
              {m.signOutOthers}
            </Button>
          ) : null}
        </>
      )}
    </LoadState>
  );
}

/** /devicceInfo (设备信息): every signed-in device with time, place and device; sign one or all others out. */
export default function DeviceInfoScreen() {
  return (
    <div className="personal">
      <RequireLogin>
        <Devices />
      </RequireLogin>
    </div>
  );
}
