import { Button } from 'antd-mobile';
import type { RealNameSnapshot } from '@haoshi/contracts';
import { realNameMessages as m } from './messages';

const dateOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** The verified identity, masked, and the way back to what sent the user here. */
export function VerifiedCard({
  snapshot,
  onContinue,
  continueText,
}: {
  snapshot: RealNameSnapshot;
  onContinue: () => void;
  continueText: string;
}) {
  return (
    <section className="real-name-verified" aria-label={m.verifiedTitle} data-testid="real-name-verified">
      <div className="real-name-verified__badge" aria-hidden="true">
        ✓
      </div>
      <h2>{m.verifiedTitle}</h2>
      <p className="real-name-verified__hint">{m.verifiedHint}</p>
      <dl className="real-name-card real-name-facts">
        <div>
          <dt>{m.verifiedName}</dt>
          <dd>{snapshot.name_masked}</dd>
        </div>
        <div>
          <dt>{m.verifiedId}</dt>
          <dd>{snapshot.id_number_masked}</dd>
        </div>
        <div>
          <dt>{m.verifiedAt}</dt>
          <dd>{dateOf(snapshot.verified_at)}</dd>
        </div>
      </dl>
      <Button block color="primary" size="large" shape="rounded" onClick={onContinue}>
        {continueText}
      </Button>
    </section>
  );
}
