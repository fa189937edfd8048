import { Button, List, Tabs, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  amountToFen,
  sincerityKindLabels,
  type SincerityKind,
  type SincerityKindSummary,
  type SincerityMain,
} from '@haoshi/contracts';
import { formatFen } from '@/core/amount';
import { confirm } from '@/core/confirm';
import { showToast } from '@/core/feedback-ui';
import { useIsLoggedIn } from '@/core/storage';
import { LoginRequiredScreen } from '@/ui/login-required-screen';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useCloseSincerity, usePaySincerity } from './api/sincerity-actions';
import { useSincerityMain } from './api/sincerity-main';
import { SincerityBills } from './sincerity-bills';
import { SincerityHolds } from './sincerity-holds';
import { closeBlockHints, sincerityMessages as m, stateLabels } from './messages';
import './sincerity.css';

const stateColors: Record<SincerityKindSummary['state'], 'default' | 'success' | 'warning'> = {
  none: 'default',
  active: 'success',
  locked: 'warning',
};

function HeldCard({ summary, available }: { summary: SincerityKindSummary; available: string }) {
  const close = useCloseSincerity((result) =>
    showToast({ icon: 'success', content: m.closed(result.released) }),
  );
  const askClose = async () => {
    const yes = await confirm({
      title: m.closeConfirmTitle,
      content: m.closeConfirm(summary.held),
      confirmText: m.closeConfirmButton,
    });
    if (yes) close.mutate(summary.kind);
  };
  return (
    <section className="sincerity__card" aria-label={summary.name}>
      <div className="sincerity__card-top">
        <span>{m.heldLabel}</span>
        <Tag color={stateColors[summary.state]} fill="solid" round>
          {stateLabels[summary.state]}
        </Tag>
      </div>
      <strong className="sincerity__held" data-testid="sincerity-held">
        {summary.held}
      </strong>
      <div className="sincerity__card-meta">
        <span>{summary.level_name ?? m.noLevel}</span>
        <span>
          {m.available} {available}
        </span>
      </div>
      {summary.close_block && summary.close_block !== 'nothing_held' ? (
        <p className="sincerity__block" role="note">
          {closeBlockHints[summary.close_block]}
        </p>
      ) : null}
      {summary.state !== 'none' ? (
        <Button
          className="sincerity__close"
          size="small"
          shape="rounded"
          disabled={summary.close_block !== null}
          loading={close.isPending}
          onClick={() => void askClose()}
        >
          {m.close}
        </Button>
      ) : null}
    </section>
  );
}

function Levels({ summary, available }: { summary: SincerityKindSummary; available: string }) {
  const navigate = useNavigate();
  const pay = usePaySincerity((result) => showToast({ icon: 'success', content: m.paid(result.paid) }));
  const heldFen = amountToFen(summary.held);
  const availableFen = amountToFen(available);

  const askPay = async (level: SincerityKindSummary['levels'][number]) => {
    const shortfall = formatFen(amountToFen(level.required) - heldFen);
    if (amountToFen(shortfall) > availableFen) {
      const recharge = await confirm({
        title: m.payConfirmTitle,
        content: `${m.insufficientHint}（需 ${shortfall} 元，可用 ${available} 元）`,
        confirmText: m.recharge,
      });
      if (recharge) void navigate('/personRecharge');
      return;
    }
    const yes = await confirm({
      title: m.payConfirmTitle,
      content: m.payConfirm(level.name, shortfall, available),
      confirmText: m.payConfirmButton,
    });
    if (yes) pay.mutate({ kind: summary.kind, level: level.level });
  };

  return (
    <List header={m.levelsTitle} mode="card" className="sincerity__levels">
      {summary.levels.map((level) => (
        <List.Item
          key={level.level}
          description={
            <ul className="sincerity__benefits">
              {level.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          }
          extra={
            level.reached ? (
              <Tag color="success" fill="outline">
                {m.reached}
              </Tag>
            ) : (
              <Button
                size="mini"
                color="primary"
                shape="rounded"
                loading={pay.isPending && pay.variables.level === level.level}
                disabled={pay.isPending}
                onClick={() => void askPay(level)}
              >
                {m.payShortfall(formatFen(amountToFen(level.required) - heldFen))}
              </Button>
            )
          }
        >
          <span className="sincerity__level-name">{level.name}</span>
          <span className="sincerity__level-required">
            {m.required} ¥{level.required}
          </span>
        </List.Item>
      ))}
    </List>
  );
}

function KindPanel({ summary, main }: { summary: SincerityKindSummary; main: SincerityMain }) {
  return (
    <>
      <HeldCard summary={summary} available={main.available} />
      <Levels summary={summary} available={main.available} />
      <SincerityHolds kind={summary.kind} openHolds={summary.open_holds} />
      <SincerityBills kind={summary.kind} />
    </>
  );
}

function SincerityOverview() {
  const main = useSincerityMain(true);
  const [kind, setKind] = useState<SincerityKind>('seller');
  if (main.isPending) return <ScreenSkeleton />;
  if (main.isError) {
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailedTitle}
        description={m.loadFailedBody}
        actions={[{ text: m.retry, primary: true, onClick: () => void main.refetch() }]}
      />
    );
  }
  const summary = main.data.kinds.find((entry) => entry.kind === kind) ?? main.data.kinds[0];
  return (
    <div className="sincerity">
      <Tabs activeKey={kind} onChange={(key) => setKind(key as SincerityKind)}>
        {main.data.kinds.map((entry) => (
          <Tabs.Tab key={entry.kind} title={sincerityKindLabels[entry.kind]} />
        ))}
      </Tabs>
      {summary ? <KindPanel summary={summary} main={main.data} /> : null}
    </div>
  );
}

/** /cashPledgeRecord: the sincerity deposit held, its levels, what it backs, and its movements. */
export default function CashPledgeRecordScreen() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return <LoginRequiredScreen target="/cashPledgeRecord" />;
  return <SincerityOverview />;
}
