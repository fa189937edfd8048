/** A legal or information page as data; one component renders them all. */
export interface LegalTable {
  columns: string[];
  rows: string[][];
}

/** One step of a visual step list (tutorials, the escrow flow). */
export interface LegalStep {
  title: string;
  description: string;
}

/**
 * A section of a document. Paragraph, list and step text may hold links written as
 * `[label](/path)`; build them with `ref()` so they always point at a legal route.
 */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  steps?: LegalStep[];
  table?: LegalTable;
}

export interface LegalDocument {
  title: string;
  updatedAt: string;
  sections: LegalSection[];
}
