import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { getCurrentBrand } from '@/core/brands';
import { NotFoundScreen } from '@/ui/not-found-screen';
import { LegalDocumentView } from './components/legal-document-view';
import { findLegalDocument } from './documents';

/** The one screen (and lazy chunk) behind every legal path: finds the path's document and renders it. */
export default function LegalScreen() {
  const { pathname } = useLocation();
  const doc = useMemo(() => findLegalDocument(pathname, getCurrentBrand().legalVariant), [pathname]);
  return doc ? <LegalDocumentView doc={doc} /> : <NotFoundScreen />;
}
