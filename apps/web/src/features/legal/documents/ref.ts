import { legalRoutes, type LegalPath } from '../legal-routes';

const titles = new Map(legalRoutes.map((route) => [route.path, route.title]));

/** A link to another legal page, written `[《title》](/path)`; the renderer turns it into a router link. */
export function ref(path: LegalPath): string {
  const title = titles.get(path);
  if (title === undefined) throw new Error(`No legal route for ${path}`);
  return `[《${title}》](${path})`;
}
