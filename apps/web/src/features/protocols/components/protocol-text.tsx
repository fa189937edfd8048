import { protocolMessages as m } from '../messages';

/** The protocol's full text, paragraph by paragraph, in a scrollable card. */
export function ProtocolText({ title, text }: { title: string; text: string }) {
  const [, ...paragraphs] = text.split('\n\n');
  return (
    <article className="protocol-card protocol-text" aria-label={m.textTitle}>
      <h1 className="protocol-text-title">{title}</h1>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </article>
  );
}
