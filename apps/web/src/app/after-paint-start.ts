/*
 * On a page the server painted (apps/server/src/plugins/server-render.ts), the server holds back the
 * client's scripts; they start once the painted page is on screen, so the page's stylesheets and
 * first picture have the connection to themselves until then.
 */

/**
 * contracts' HELD_BACK_ATTRIBUTE (after-paint-start.test.ts keeps them equal): the page's first
 * script cannot wait for the shared chunk the contracts module is bundled into.
 */
export const HELD_BACK_ATTRIBUTE = 'data-after-paint';

export function hasHeldBackScripts(doc: Document = document): boolean {
  return doc.querySelector(`[${HELD_BACK_ATTRIBUTE}]`) !== null;
}

/** After the next frame is painted (at once in a hidden tab, which paints no frames). */
export function afterNextPaint(run: () => void, doc: Document = document): void {
  if (doc.visibilityState === 'hidden') setTimeout(run, 0);
  else requestAnimationFrame(() => setTimeout(run, 0));
}

/** A copy of `held` that the browser acts on: the same attributes, but `attributes` instead of the hold. */
function revived(
  doc: Document,
  held: Element,
  tag: 'link' | 'script',
  attributes: Record<string, string>,
): Element {
  const element = doc.createElement(tag);
  for (const { name, value } of held.attributes) {
    if (name !== HELD_BACK_ATTRIBUTE && name !== 'type') element.setAttribute(name, value);
  }
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

/** Starts the held-back preloads and the entry script, as the page would have without the hold. */
export function startHeldBackScripts(doc: Document = document): void {
  for (const held of doc.querySelectorAll(`link[${HELD_BACK_ATTRIBUTE}]`)) {
    held.replaceWith(revived(doc, held, 'link', { rel: held.getAttribute(HELD_BACK_ATTRIBUTE) ?? '' }));
  }
  for (const held of doc.querySelectorAll(`script[${HELD_BACK_ATTRIBUTE}]`)) {
    held.replaceWith(revived(doc, held, 'script', { type: 'module' }));
  }
}
