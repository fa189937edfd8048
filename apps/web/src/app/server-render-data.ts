import { SERVER_RENDER_DATA_ID, type ServerRenderData } from '@haoshi/contracts';
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

/**
 * The data a page the server painted was painted with (its queries and router state), read once: the
 * client hydrates that markup with exactly this data instead of drawing the screen again.
 */
export function takeServerRenderData(doc: Document = document): PaintedPageData | undefined {
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
