export interface ScrollPosition {
  top: number;
  left: number;
}

export type ScrollPositions = WeakMap<Element, ScrollPosition>;

/** Records the scroll position of the root and every element inside it as the user scrolls. */
export function trackScrollPositions(root: HTMLElement, positions: ScrollPositions): () => void {
  const onScroll = (event: Event) => {
    const target = event.target;
    if (target instanceof Element && root.contains(target)) {
      positions.set(target, { top: target.scrollTop, left: target.scrollLeft });
    }
  };
  // Scroll events do not bubble; the capture phase sees those of every descendant.
  root.addEventListener('scroll', onScroll, { capture: true, passive: true });
  return () => root.removeEventListener('scroll', onScroll, { capture: true });
}

/** Puts every recorded element back where it was (hiding a pane resets its scroll positions). */
export function restoreScrollPositions(root: HTMLElement, positions: ScrollPositions): void {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    const position = positions.get(element);
    if (position && (element.scrollTop !== position.top || element.scrollLeft !== position.left)) {
      element.scrollTop = position.top;
      element.scrollLeft = position.left;
    }
  }
}
