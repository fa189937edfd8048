import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { protocolMessages as m } from './messages';
import './protocols.css';

/** /protocol: what the trade protocol is, how it is signed, why it can be trusted, where to sign. */
export default function ProtocolScreen() {
  const navigate = useNavigate();
  return (
    <div className="protocols">
      <section className="protocol-card">
        <h1 className="protocol-text-title">{m.protocolTitle}</h1>
        <p className="protocol-paragraph">{m.protocolIntro}</p>
      </section>
      <section className="protocol-card" aria-labelledby="protocol-how">
        <h2 id="protocol-how" className="protocol-card-title">
          {m.howTitle}
        </h2>
        <ol className="protocol-steps">
          {m.howSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <section className="protocol-card" aria-labelledby="protocol-safe">
        <h2 id="protocol-safe" className="protocol-card-title">
          {m.safeTitle}
        </h2>
        <p className="protocol-paragraph">{m.safeText}</p>
      </section>
      <section className="protocol-card" aria-labelledby="protocol-where">
        <h2 id="protocol-where" className="protocol-card-title">
          {m.whereTitle}
        </h2>
        <p className="protocol-paragraph">{m.whereText}</p>
      </section>
      <Button
        block
        color="primary"
        shape="rounded"
        onClick={() => void navigate('/accountTransferAgreement')}
      >
        {m.readTemplate}
      </Button>
    </div>
  );
}
