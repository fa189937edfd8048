import { withdrawMessages as m } from './messages';

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
