import type { MouseEvent } from 'react';
import { legalMessages } from '../messages';

export interface TocEntry {
  id: string;
  heading: string;
}

function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  // Scroll in place instead of changing the address, so the router and keep-alive panes are untouched.
  event.preventDefault();
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export function LegalToc({ entries }: { entries: TocEntry[] }) {
  return (
    <nav className="legal-doc__toc" aria-label={legalMessages.toc}>
      <div className="legal-doc__toc-title">{legalMessages.toc}</div>
      <ol className="legal-doc__toc-list">
        {entries.map(({ id, heading }) => (
          <li key={id}>
            <a href={`#${id}`} onClick={(event) => scrollToSection(event, id)}>
              {heading}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
