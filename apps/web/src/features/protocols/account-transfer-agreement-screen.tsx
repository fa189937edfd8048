import {
  TRANSFER_AGREEMENT_TITLE,
  TRANSFER_AGREEMENT_VERSION,
  transferAgreementTemplate,
} from '@haoshi/contracts';
import { ProtocolText } from './components/protocol-text';
import { protocolMessages as m } from './messages';
import './protocols.css';

/** /accountTransferAgreement: the agreement template every order's protocol is filled from. */
export default function AccountTransferAgreementScreen() {
  return (
    <div className="protocols">
      <p className="protocol-banner protocol-banner-unsigned">
        {m.templateNote}（{TRANSFER_AGREEMENT_VERSION}）
      </p>
      <ProtocolText title={TRANSFER_AGREEMENT_TITLE} text={transferAgreementTemplate} />
    </div>
  );
}
