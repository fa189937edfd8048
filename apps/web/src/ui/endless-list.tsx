import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Page } from '@haoshi/contracts';
import { itemsOfPages } from '@/core/page-list';
import { StatusScreen } from './status-screen';
import './endless-list.css';

export interface EndlessListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  keyOf: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Lays the loaded items out itself (e.g. grouped by day), with renderItem for each item. */
  renderItems?: (items: T[], renderItem: (item: T) => ReactNode) => ReactNode;
  /** Shown while the first page loads. */
  skeleton: ReactNode;
  /** Shown when the first page is empty: says what to do next. */
  empty: ReactNode;
  /** The first page failed: what went wrong is told, and retry is offered. */
  errorTitle?: string;
  label?: string;
}

/** How far below the visible area the next page starts loading. */
const PRELOAD_MARGIN = '0px 0px 600px 0px';

/**
 * The list's end: it loads the next page when it comes near the screen, and is a button for
 * whoever cannot scroll (or a browser without IntersectionObserver). Much lighter than
 * antd-mobile's InfiniteScroll, which the home page would otherwise load on first visit.
 */
function ListEnd({
  hasMore,
  loading,
  failed,
  onMore,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onMore: () => void;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const onMoreRef = useRef(onMore);
  useEffect(() => {
    onMoreRef.current = onMore;
  }, [onMore]);
  const waiting = !hasMore || loading || failed;
  useEffect(() => {
    const element = ref.current;
    if (waiting || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onMoreRef.current();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [waiting]);
  if (!hasMore) return <p className="endless-list__end">没有更多了</p>;
  return (
    <button ref={ref} type="button" className="endless-list__more" disabled={loading} onClick={onMore}>
      {loading ? '加载中…' : failed ? '加载失败，点击重试' : '加载更多'}
    </button>
  );
}

/** A list of pages (DESIGN §3) that loads the next page as its end scrolls into view. */
export function EndlessList<T>({
  query,
  keyOf,
  renderItem,
  renderItems,
  skeleton,
  empty,
  errorTitle = '加载失败',
  label,
}: EndlessListProps<T>) {
  if (query.isPending) return <>{skeleton}</>;
  if (query.isError && query.data === undefined) {
    return (
      <StatusScreen
        status="disconnected"
        title={errorTitle}
        description="网络不稳定或服务繁忙，请检查网络后重试。"
        actions={[{ text: '重新加载', primary: true, onClick: () => void query.refetch() }]}
        testId="list-error"
      />
    );
  }
  const items = itemsOfPages<T>(query.data.pages, keyOf);
  if (items.length === 0) return <>{empty}</>;
  return (
    <div className="endless-list">
      {renderItems ? (
        renderItems(items, renderItem)
      ) : (
        <ul className="endless-list__items" aria-label={label}>
          {items.map((item) => (
            <li key={keyOf(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      <ListEnd
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        failed={query.isFetchNextPageError}
        onMore={() => void query.fetchNextPage()}
      />
    </div>
  );
}
