import { Steps } from 'antd-mobile';
import type { LegalSection } from '../legal-document';
import { LegalTableView } from './legal-table';
import { RichText } from './rich-text';

export function LegalSectionView({ id, section }: { id: string; section: LegalSection }) {
  const { heading, paragraphs, list, steps, table } = section;
  return (
    <section className="legal-doc__section" aria-labelledby={id}>
      <h2 id={id} className="legal-doc__heading">
        {heading}
      </h2>
      {paragraphs?.map((paragraph, index) => (
        <p key={index} className="legal-doc__paragraph">
          <RichText text={paragraph} />
        </p>
      ))}
      {list ? (
        <ul className="legal-doc__list">
          {list.map((item, index) => (
            <li key={index}>
              <RichText text={item} />
            </li>
          ))}
        </ul>
      ) : null}
      {steps ? (
        <Steps direction="vertical" className="legal-doc__steps">
          {steps.map((step) => (
            <Steps.Step
              key={step.title}
              status="process"
              title={step.title}
              description={<RichText text={step.description} />}
            />
          ))}
        </Steps>
      ) : null}
      {table ? <LegalTableView table={table} /> : null}
    </section>
  );
}
