import type { Page } from '@haoshi/contracts';

/** DESIGN §3 list convention: the next page number, or undefined after the last page. */
export function nextPageNumber(page: Pick<Page<unknown>, 'page' | 'page_size' | 'total' | 'list'>) {
  if (page.list.length === 0) return undefined;
  return page.page * page.page_size < page.total ? page.page + 1 : undefined;
}

/** Every item of the loaded pages, in order, without repeats (a row can move between pages). */
export function itemsOfPages<T>(pages: readonly Page<T>[], keyOf: (item: T) => string | number): T[] {
  const seen = new Set<string | number>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.list) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}
