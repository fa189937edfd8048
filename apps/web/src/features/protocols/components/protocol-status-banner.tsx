import type { ProtocolStatus } from '@haoshi/contracts';
import { protocolMessages as m } from '../messages';

const text: Record<ProtocolStatus['status'], string> = {
  signed: m.statusSigned,
  partly_signed: m.statusPartly,
  unsigned: m.statusUnsigned,
  missing: m.statusMissing,
};

/** Where the protocol stands, in one line. */
export function ProtocolStatusBanner({ status }: { status: ProtocolStatus }) {
  return (
    <p className={`protocol-banner protocol-banner-${status.status}`} role="status">
      {text[status.status]}
    </p>
  );
}
