import { withdrawalModeLabels, type WithdrawalMode, type WithdrawalStatus } from '@haoshi/contracts';
import type { ComponentProps } from 'react';
import { withdrawMessages as m } from './messages';
import { StatusTag } from './status-tag';
import { Timeline } from './timeline';

/** The top of a withdrawal's detail: mode, amount and status (test id for the status chip). */
export function DetailHeader({
  mode,
  amount,
  status,
  statusTestId,
}: {
  mode: WithdrawalMode;
  amount: string;
  status: WithdrawalStatus;
  statusTestId: string;
}) {
  return (
    <section className="withdraw-balance withdraw-balance--detail">
      <span className="withdraw-balance__label">{withdrawalModeLabels[mode]}</span>
      <strong className="withdraw-balance__value">¥{amount}</strong>
      <span data-testid={statusTestId}>
        <StatusTag status={status} />
      </span>
    </section>
  );
}

/** A withdrawal's history, as a card. */
export function TimelineCard({ entries }: ComponentProps<typeof Timeline>) {
  return (
    <section className="withdraw-card">
      <h2 className="withdraw-card__title">{m.detailTitle}</h2>
      <Timeline entries={entries} />
    </section>
  );
}

/** The rows of a withdrawal's detail list that say why it was refused or failed, when it was. */
export function ReasonRows({
  rejectReason,
  failureReason,
}: {
  rejectReason: string | null | undefined;
  failureReason: string | null | undefined;
}) {
  return (
    <>
      {rejectReason ? (
        <>
          <dt>{m.rejectReason}</dt>
          <dd>{rejectReason}</dd>
        </>
      ) : null}
      {failureReason ? (
        <>
          <dt>{m.failureReason}</dt>
          <dd>{failureReason}</dd>
        </>
      ) : null}
    </>
  );
}
