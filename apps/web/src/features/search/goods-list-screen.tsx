import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { GoodsSort } from '@haoshi/contracts';
import { EndlessList } from '@/ui/endless-list';
import { GoodsCard, GoodsListSkeleton } from '@/ui/goods-card';
import { goodsSortText } from '@/ui/goods-labels';
import { SearchIcon } from '@/ui/icons';
import { StatusScreen } from '@/ui/status-screen';
import { useGoodsList } from './api/goods-list';
import { FilterDrawer } from './filter-drawer';
import {
  activeFilterCount,
  clearedFilters,
  parseListParams,
  toListParams,
  type ListFilters,
} from './list-params';
import { searchMessages as m } from './messages';
import './search.css';

const SORTS: readonly GoodsSort[] = ['default', 'newest', 'price_asc', 'price_desc', 'hot'];

/** The list as the address says; changing it pushes a new address (sorting replaces it). */
function useListFilters() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the text is the identity of the params
  const filters = useMemo(() => parseListParams(params), [query]);
  const show = (next: ListFilters, replace = false) => setParams(toListParams(next), { replace });
  return { filters, show };
}

/** /search_goods_list and /productList: sorts, the filter drawer and the endless result list. */
export default function GoodsListScreen() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { filters, show } = useListFilters();
  const keepGame = pathname === '/productList';
  const lockedGame = keepGame ? filters.game_id : undefined;
  const list = useGoodsList(filters);
  const [drawer, setDrawer] = useState({ open: false, session: 0 });
  const filterCount = activeFilterCount(filters, lockedGame);
  const first = list.data?.pages[0];

  const openSearch = () =>
    void navigate(
      filters.keyword ? `/search_input?keyword=${encodeURIComponent(filters.keyword)}` : '/search_input',
    );

  return (
    <div className="goods-list-screen">
      <div className="goods-list-screen__top">
        <button
          type="button"
          className={
            filters.keyword
              ? 'goods-list-screen__search'
              : 'goods-list-screen__search goods-list-screen__search--placeholder'
          }
          onClick={openSearch}
          aria-label={m.placeholder}
        >
          <SearchIcon />
          <span>{filters.keyword ?? m.placeholder}</span>
        </button>
        <div className="goods-list-screen__bar">
          <div className="goods-list-screen__sorts" role="tablist" aria-label={m.sortLabel}>
            {SORTS.map((sort) => (
              <button
                key={sort}
                type="button"
                role="tab"
                aria-selected={filters.sort === sort}
                className="goods-list-screen__sort"
                onClick={() => show({ ...filters, sort }, true)}
              >
                {goodsSortText[sort]}
              </button>
            ))}
          </div>
          <button
            type="button"
            aria-label={m.filter}
            className={
              filterCount > 0
                ? 'goods-list-screen__filter goods-list-screen__filter--active'
                : 'goods-list-screen__filter'
            }
            onClick={() => setDrawer((current) => ({ open: true, session: current.session + 1 }))}
          >
            {m.filter}
            {filterCount > 0 ? <span aria-hidden="true">({filterCount})</span> : null}
          </button>
        </div>
      </div>

      {first && first.total > 0 ? (
        <p className="goods-list-screen__count" role="heading" aria-level={2}>
          {m.onSale(first)}
        </p>
      ) : null}

      <div className="goods-list-screen__results">
        <EndlessList
          query={list}
          keyOf={(item) => item.id}
          renderItem={(item) => <GoodsCard goods={item} />}
          skeleton={<GoodsListSkeleton count={5} />}
          errorTitle={m.listFailed}
          label={m.resultsLabel}
          empty={
            <StatusScreen
              status="empty"
              title={m.emptyTitle}
              description={filterCount > 0 ? m.emptyWithFilters : m.emptyWithoutFilters}
              actions={
                filterCount > 0
                  ? [
                      {
                        text: m.clearFilters,
                        primary: true,
                        onClick: () => show(clearedFilters(filters, keepGame)),
                      },
                    ]
                  : [{ text: m.changeKeyword, primary: true, onClick: openSearch }]
              }
              testId="goods-list-empty"
            />
          }
        />
      </div>

      <FilterDrawer
        open={drawer.open}
        session={drawer.session}
        initial={filters}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
        onReset={() => clearedFilters(filters, keepGame)}
        onApply={(next) => {
          setDrawer((current) => ({ ...current, open: false }));
          show(next);
        }}
      />
    </div>
  );
}
