import { Tag } from 'antd-mobile';
import type { ProtocolParty } from '@haoshi/contracts';
import { formatChinaDateTime } from '@/core/china-time';
import { protocolMessages as m } from '../messages';

/** Both parties: masked identity and whether (and when) each signed. */
export function ProtocolParties({ parties }: { parties: readonly ProtocolParty[] }) {
  return (
    <section className="protocol-card" aria-label={m.partiesTitle}>
      <h2 className="protocol-card-title">{m.partiesTitle}</h2>
      <ul className="protocol-parties">
        {parties.map((party) => (
          <li key={party.role} className="protocol-party">
            <div className="protocol-party-who">
              <strong>
                {m.role[party.role]} {party.name_masked}
              </strong>
              <span>{party.id_number_masked}</span>
              {party.signed_at ? <span>{m.signedAt(formatChinaDateTime(party.signed_at))}</span> : null}
            </div>
            {party.signature_url ? (
              <img
                className="protocol-party-signature"
                src={party.signature_url}
                alt={m.signatureOf(m.role[party.role])}
              />
            ) : null}
            <Tag color={party.signed ? 'success' : 'default'} fill="outline">
              {party.signed ? m.signed : m.unsigned}
            </Tag>
          </li>
        ))}
      </ul>
    </section>
  );
}
