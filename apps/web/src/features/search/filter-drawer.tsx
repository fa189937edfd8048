import { Button, Input, Popup, Selector } from 'antd-mobile';
import { useState } from 'react';
import type { AttributeFilter, GoodsTag, ListHeader, Platform } from '@haoshi/contracts';
import { validAmount } from '@/core/amount';
import { showToast } from '@/core/feedback-ui';
import { goodsTagOrder, goodsTagText, platformText } from '@/ui/goods-labels';
import { useGames } from './api/games';
import { useListHeader } from './api/list-header';
import type { ListFilters } from './list-params';
import { searchMessages as m } from './messages';

interface Draft {
  game_id?: number;
  platform?: Platform;
  partition_id?: number;
  priceMin: string;
  priceMax: string;
  tags: GoodsTag[];
  ranges: Record<string, { min: string; max: string }>;
  choices: Record<string, string[]>;
}

function draftOf(filters: ListFilters): Draft {
  const ranges: Draft['ranges'] = {};
  const choices: Draft['choices'] = {};
  for (const attr of filters.attrs) {
    if (attr.values) choices[attr.key] = attr.values;
    else ranges[attr.key] = { min: attr.min?.toString() ?? '', max: attr.max?.toString() ?? '' };
  }
  return {
    game_id: filters.game_id,
    platform: filters.platform,
    partition_id: filters.partition_id,
    priceMin: filters.price_min ?? '',
    priceMax: filters.price_max ?? '',
    tags: filters.tags,
    ranges,
    choices,
  };
}

const INTEGER = /^-?\d{1,9}$/;

/** The draft as filters, or the first problem to tell the user. */
export function filtersOfDraft(
  draft: Draft,
  base: ListFilters,
  header: ListHeader | undefined,
): { filters: ListFilters } | { problem: string } {
  const priceMin = draft.priceMin.trim();
  const priceMax = draft.priceMax.trim();
  const min = priceMin === '' ? undefined : validAmount(priceMin);
  const max = priceMax === '' ? undefined : validAmount(priceMax);
  if ((priceMin !== '' && !min) || (priceMax !== '' && !max)) return { problem: m.priceInvalid };
  const attrs: AttributeFilter[] = [];
  for (const range of header?.range_filters ?? []) {
    const value = draft.ranges[range.key];
    const low = value?.min.trim() ?? '';
    const high = value?.max.trim() ?? '';
    if ((low !== '' && !INTEGER.test(low)) || (high !== '' && !INTEGER.test(high)))
      return { problem: m.rangeInvalid(range.label) };
    if (low === '' && high === '') continue;
    attrs.push({
      key: range.key,
      ...(low === '' ? {} : { min: Number(low) }),
      ...(high === '' ? {} : { max: Number(high) }),
    });
  }
  for (const choice of header?.choice_filters ?? []) {
    const values = draft.choices[choice.key] ?? [];
    if (values.length > 0) attrs.push({ key: choice.key, values });
  }
  const filters: ListFilters = { sort: base.sort, tags: draft.tags, attrs: draft.game_id ? attrs : [] };
  if (base.keyword) filters.keyword = base.keyword;
  if (base.seller_id !== undefined) filters.seller_id = base.seller_id;
  if (draft.game_id !== undefined) filters.game_id = draft.game_id;
  if (draft.game_id !== undefined && draft.partition_id !== undefined)
    filters.partition_id = draft.partition_id;
  if (draft.platform) filters.platform = draft.platform;
  if (min) filters.price_min = min;
  if (max) filters.price_max = max;
  return { filters };
}

function single<T>(values: T[]): T | undefined {
  return values[0];
}

interface FilterPanelProps {
  initial: ListFilters;
  onApply: (filters: ListFilters) => void;
  onReset: () => ListFilters;
}

function FilterPanel({ initial, onApply, onReset }: FilterPanelProps) {
  const [draft, setDraft] = useState(() => draftOf(initial));
  const games = useGames();
  const header = useListHeader(draft.game_id);
  const patch = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const partitions = (header.data?.partitions ?? []).filter(
    (partition) => draft.platform === undefined || partition.platform === draft.platform,
  );
  const headerReady = draft.game_id === undefined || header.data?.game?.id === draft.game_id;

  const apply = () => {
    const result = filtersOfDraft(draft, initial, headerReady ? header.data : undefined);
    if ('problem' in result) showToast(result.problem);
    else onApply(result.filters);
  };

  return (
    <div className="filter-drawer" role="dialog" aria-label={m.filterTitle}>
      <h2 className="filter-drawer__title">{m.filterTitle}</h2>
      <div className="filter-drawer__body">
        <section className="filter-drawer__group" aria-label={m.game}>
          <h3>{m.game}</h3>
          <Selector
            options={(games.data?.list ?? []).map((game) => ({ label: game.name, value: game.id }))}
            value={draft.game_id === undefined ? [] : [draft.game_id]}
            onChange={(values) =>
              patch({ game_id: single(values), partition_id: undefined, ranges: {}, choices: {} })
            }
            columns={3}
          />
        </section>

        <section className="filter-drawer__group" aria-label={m.platform}>
          <h3>{m.platform}</h3>
          <Selector
            options={(['ios', 'android', 'pc'] as const).map((platform) => ({
              label: platformText[platform],
              value: platform,
            }))}
            value={draft.platform ? [draft.platform] : []}
            onChange={(values) => patch({ platform: single(values), partition_id: undefined })}
            columns={3}
          />
        </section>

        <section className="filter-drawer__group" aria-label={m.partition}>
          <h3>{m.partition}</h3>
          {draft.game_id === undefined ? (
            <p className="filter-drawer__hint">{m.partitionHint}</p>
          ) : (
            <Selector
              options={partitions.map((partition) => ({ label: partition.name, value: partition.id }))}
              value={draft.partition_id === undefined ? [] : [draft.partition_id]}
              onChange={(values) => patch({ partition_id: single(values) })}
              columns={2}
            />
          )}
        </section>

        <section className="filter-drawer__group" aria-label={m.price}>
          <h3>{m.price}</h3>
          <div className="filter-drawer__range">
            <Input
              placeholder={m.priceMin}
              aria-label={m.priceMin}
              inputMode="decimal"
              value={draft.priceMin}
              onChange={(priceMin) => patch({ priceMin })}
            />
            <span aria-hidden="true">—</span>
            <Input
              placeholder={m.priceMax}
              aria-label={m.priceMax}
              inputMode="decimal"
              value={draft.priceMax}
              onChange={(priceMax) => patch({ priceMax })}
            />
          </div>
          {header.data && header.data.price_ranges.length > 0 ? (
            <Selector
              className="filter-drawer__presets"
              options={header.data.price_ranges.map((preset) => ({
                label: preset.label,
                value: preset.label,
              }))}
              value={[]}
              onChange={(values) => {
                const preset = header.data.price_ranges.find((item) => item.label === values[0]);
                if (preset) patch({ priceMin: preset.min ?? '', priceMax: preset.max ?? '' });
              }}
              columns={3}
            />
          ) : null}
        </section>

        {headerReady
          ? header.data?.range_filters.map((range) => (
              <section key={range.key} className="filter-drawer__group" aria-label={range.label}>
                <h3>
                  {range.label}
                  {range.unit ? `（${range.unit}）` : ''}
                </h3>
                <div className="filter-drawer__range">
                  <Input
                    placeholder={`${m.rangeMin} ${range.min}`}
                    aria-label={`${range.label}${m.rangeMin}`}
                    inputMode="numeric"
                    value={draft.ranges[range.key]?.min ?? ''}
                    onChange={(min) =>
                      patch({
                        ranges: {
                          ...draft.ranges,
                          [range.key]: { max: draft.ranges[range.key]?.max ?? '', min },
                        },
                      })
                    }
                  />
                  <span aria-hidden="true">—</span>
                  <Input
                    placeholder={`${m.rangeMax} ${range.max}`}
                    aria-label={`${range.label}${m.rangeMax}`}
                    inputMode="numeric"
                    value={draft.ranges[range.key]?.max ?? ''}
                    onChange={(max) =>
                      patch({
                        ranges: {
                          ...draft.ranges,
                          [range.key]: { min: draft.ranges[range.key]?.min ?? '', max },
                        },
                      })
                    }
                  />
                </div>
              </section>
            ))
          : null}

        {headerReady
          ? header.data?.choice_filters.map((choice) => (
              <section key={choice.key} className="filter-drawer__group" aria-label={choice.label}>
                <h3>{choice.label}</h3>
                <Selector
                  multiple
                  options={choice.options}
                  value={draft.choices[choice.key] ?? []}
                  onChange={(values) => patch({ choices: { ...draft.choices, [choice.key]: values } })}
                  columns={3}
                />
              </section>
            ))
          : null}

        <section className="filter-drawer__group" aria-label={m.tags}>
          <h3>{m.tags}</h3>
          <Selector
            multiple
            options={goodsTagOrder.map((tag) => ({ label: goodsTagText[tag], value: tag }))}
            value={draft.tags}
            onChange={(tags) => patch({ tags })}
            columns={3}
          />
        </section>
      </div>
      <div className="filter-drawer__footer">
        <Button onClick={() => setDraft(draftOf(onReset()))}>{m.reset}</Button>
        <Button color="primary" onClick={apply}>
          {m.confirm}
        </Button>
      </div>
    </div>
  );
}

interface FilterDrawerProps extends FilterPanelProps {
  open: boolean;
  onClose: () => void;
  /** Changes each time the drawer opens, so the draft starts from the current filters. */
  session: number;
}

/** The right-hand drawer: game, platform, partition, price in yuan, the game's attributes, tags. */
export function FilterDrawer({ open, onClose, session, ...panel }: FilterDrawerProps) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="right" destroyOnClose>
      <FilterPanel key={session} {...panel} />
    </Popup>
  );
}
