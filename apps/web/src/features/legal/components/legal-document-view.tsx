import { useId } from 'react';
import type { LegalDocument } from '../legal-document';
import { legalMessages } from '../messages';
import { LegalSectionView } from './legal-section-view';
import { LegalToc } from './legal-toc';
import '../legal.css';

/** Documents with at least this many sections get a table of contents. */
const TOC_MIN_SECTIONS = 6;

export function LegalDocumentView({ doc }: { doc: LegalDocument }) {
  // Unique per mounted document, so a kept-alive page and the visible one never share anchor ids.
  const idBase = useId();
  const sectionId = (index: number) => `${idBase}-section-${index}`;
  return (
    <article className="legal-doc">
      <h1 className="legal-doc__title">{doc.title}</h1>
      <p className="legal-doc__meta">
        {legalMessages.updatedAt}
        {doc.updatedAt}
      </p>
      {doc.sections.length >= TOC_MIN_SECTIONS ? (
        <LegalToc
          entries={doc.sections.map((section, index) => ({ id: sectionId(index), heading: section.heading }))}
        />
      ) : null}
      {doc.sections.map((section, index) => (
        <LegalSectionView key={sectionId(index)} id={sectionId(index)} section={section} />
      ))}
    </article>
  );
}
