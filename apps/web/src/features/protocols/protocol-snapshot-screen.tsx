import { Tag } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { snapshotProblemText, type ProtocolSnapshot } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { useProtocolSnapshots } from './api/protocol-snapshots';
import { ProtocolText } from './components/protocol-text';
import { protocolMessages as m } from './messages';
import { NoOrderScreen, ProtocolLoadError } from './components/protocol-load-states';
import './protocols.css';

/** /protocolSnapshot?order_no= : every signed snapshot, verified now, with a clear verdict. */
export default function ProtocolSnapshotScreen() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  if (!orderNo) return <NoOrderScreen />;
  return <Snapshots orderNo={orderNo} />;
}

function Snapshots({ orderNo }: { orderNo: string }) {
  const snapshots = useProtocolSnapshots(orderNo);
  const navigate = useNavigate();
  if (snapshots.isPending) return <ScreenSkeleton />;
  if (snapshots.isError)
    return <ProtocolLoadError error={snapshots.error} retry={() => void snapshots.refetch()} />;
  const { list, valid, missing, public_key } = snapshots.data;
  if (missing)
    return (
      <StatusScreen
        status="default"
        title={m.snapshotsMissing}
        description={m.snapshotsMissingHint}
        actions={[
          { text: m.contactService, primary: true, onClick: () => void navigate('/customerServiceChat') },
        ]}
      />
    );
  if (list.length === 0)
    return (
      <StatusScreen
        status="empty"
        title={m.snapshotsEmpty}
        description={m.snapshotsEmptyHint}
        actions={[
          {
            text: m.toSign,
            primary: true,
            onClick: () => void navigate(`/ratifyAccord?order_no=${encodeURIComponent(orderNo)}`),
          },
        ]}
      />
    );
  return (
    <div className="protocols">
      <p
        className={`protocol-banner ${valid ? 'protocol-banner-signed' : 'protocol-banner-tampered'}`}
        role="status"
      >
        {valid ? m.chainValid : m.chainInvalid}
      </p>
      {[...list].reverse().map((snapshot) => (
        <SnapshotCard key={`${snapshot.seq}-${snapshot.hash}`} snapshot={snapshot} />
      ))}
      <section className="protocol-card protocol-key">
        <h2 className="protocol-card-title">{m.publicKey}</h2>
        <code className="protocol-hash">{public_key}</code>
      </section>
    </div>
  );
}

function SnapshotCard({ snapshot }: { snapshot: ProtocolSnapshot }) {
  const title = `${m.snapshotNo(snapshot.seq)} · ${m.signedBy(m.role[snapshot.signed_by])}`;
  return (
    <section className="protocol-card protocol-snapshot" aria-label={title}>
      <header className="protocol-snapshot-head">
        <h2 className="protocol-card-title">{title}</h2>
        <Tag color={snapshot.valid ? 'success' : 'danger'} data-testid="snapshot-verdict">
          {snapshot.valid ? m.verdictValid : m.verdictTampered}
        </Tag>
      </header>
      <p className="protocol-snapshot-time">{formatChinaDateTime(snapshot.signed_at, { seconds: true })}</p>
      {snapshot.problems.length > 0 ? (
        <ul className="protocol-problems">
          {snapshot.problems.map((problem) => (
            <li key={problem}>{snapshotProblemText[problem]}</li>
          ))}
        </ul>
      ) : null}
      <ul className="protocol-signatures">
        {snapshot.signatures.map((signature) => (
          <li key={signature.role}>
            <img src={signature.image_url} alt={m.signatureOf(m.role[signature.role])} />
            <div>
              <strong>
                {m.role[signature.role]} {signature.name_masked}
              </strong>
              <span>{signature.id_number_masked}</span>
              <span>{m.signedAt(formatChinaDateTime(signature.signed_at, { seconds: true }))}</span>
            </div>
          </li>
        ))}
      </ul>
      <dl className="protocol-hashes">
        <dt>{m.hash}</dt>
        <dd>
          <code className="protocol-hash">{snapshot.hash}</code>
        </dd>
        <dt>{m.prevHash}</dt>
        <dd>
          <code className="protocol-hash">{snapshot.prev_hash}</code>
        </dd>
        <dt>{m.textHash}</dt>
        <dd>
          <code className="protocol-hash">{snapshot.text_sha256}</code>
        </dd>
        <dt>{m.keyId}</dt>
        <dd>
          <code className="protocol-hash">{snapshot.key_id}</code>
        </dd>
      </dl>
      <details className="protocol-snapshot-text">
        <summary>{m.showText}</summary>
        <ProtocolText title={snapshot.text.split('\n\n')[0] ?? ''} text={snapshot.text} />
      </details>
    </section>
  );
}
