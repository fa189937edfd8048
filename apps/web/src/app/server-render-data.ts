import {
  PAINTED_BRAND_ATTRIBUTE,
  SERVER_RENDER_DATA_ID,
  type PackageId,
  type ServerRenderData,
} from '@haoshi/contracts';
import type { DehydratedState } from '@tanstack/react-query';

/** ServerRenderData with the query cache's own type (contracts does not know TanStack Query). */
export interface PaintedPageData extends ServerRenderData {
  queries: DehydratedState;
}

function isDehydratedState(value: unknown): value is DehydratedState {
  if (typeof value !== 'object' || value === null) return false;
  const { queries, mutations } = value as Partial<Record<keyof DehydratedState, unknown>>;
  return Array.isArray(queries) && Array.isArray(mutations);
}

function isPaintedPageData(value: unknown): value is PaintedPageData {
  if (typeof value !== 'object' || value === null) return false;
  const { loggedIn, queries, loaderData } = value as Partial<Record<keyof ServerRenderData, unknown>>;
  return (
    typeof loggedIn === 'boolean' &&
    isDehydratedState(queries) &&
    typeof loaderData === 'object' &&
    loaderData !== null
  );
}

/** The data a painted page was painted with (its queries and router state), read once. */
function takeServerRenderData(doc: Document): PaintedPageData | undefined {
  const element = doc.getElementById(SERVER_RENDER_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    return isPaintedPageData(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When the server painted `container` as the visitor's brand: the data it was painted with, which
 * the client hydrates that markup with instead of drawing the screen again. Otherwise (a tab of
 * another brand reloading a page without `?pkg=`, data the server does not write) the painting goes
 * and the client draws the page itself.
 */
export function takePaintedPage(
  container: HTMLElement,
  visitorPackage: PackageId,
  doc: Document = document,
): PaintedPageData | undefined {
  const data = takeServerRenderData(doc);
  const paintedAs = container.getAttribute(PAINTED_BRAND_ATTRIBUTE);
  container.removeAttribute(PAINTED_BRAND_ATTRIBUTE);
  if (data && container.firstChild && paintedAs === visitorPackage) return data;
  container.replaceChildren();
  return undefined;
}
