import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedRows, queryRows } from '../../lib/sql-rows.ts';
import { cardRowOf, type RawCard } from './goods-repo.ts';
import type { IndexedListing } from './search-index.ts';

/** The reads of the in-memory search index: whole loads, changes by `search_seq`, page rows by id. */

interface RawListing {
  id: number | string;
  game_id: number;
  platform: string;
  partition_id: number;
  price: number | string;
  rank_score: number;
  listed_at: Date | string | null;
  heat: number;
  tags: string[];
  seller_id: number | string;
  attrs: Record<string, unknown> | string;
  search_text: string;
  status: string;
  search_seq: number | string;
}

export interface ReadListing {
  id: number;
  seq: number;
  /** Undefined when the listing is not on sale. */
  listing: IndexedListing | undefined;
}

const columns = sql.raw(`id, game_id, platform, partition_id, price, rank_score, listed_at, heat, tags,
  seller_id, attrs, search_text, status, search_seq`);

const readOf = (raw: RawListing): ReadListing => ({
  id: Number(raw.id),
  seq: Number(raw.search_seq),
  listing:
    raw.status !== 'on_sale'
      ? undefined
      : {
          id: Number(raw.id),
          gameId: raw.game_id,
          platform: raw.platform,
          partitionId: raw.partition_id,
          price: Number(raw.price),
          rankScore: raw.rank_score,
          listedAt: raw.listed_at === null ? null : new Date(raw.listed_at).getTime(),
          heat: raw.heat,
          tags: raw.tags,
          sellerId: Number(raw.seller_id),
          attrs:
            typeof raw.attrs === 'string' ? (JSON.parse(raw.attrs) as Record<string, unknown>) : raw.attrs,
          searchText: raw.search_text,
        },
});

/** Where the sequences stand: read before a load, so that nothing changed during it is missed. */
export async function sequencesNow(executor: Executor): Promise<{ search: number; change: number }> {
  const [row] = await queryRows<{ search: number | string | null; change: number | string }>(
    executor,
    sql`select (select max(search_seq) from goods) as search, (select last_value from goods_change_seq) as change`,
  );
  return { search: Number(row?.search ?? 0), change: Number(row?.change ?? 0) };
}

export async function onSaleListings(executor: Executor) {
  const [rows, [max]] = await Promise.all([
    queryRows<RawListing>(executor, sql`select ${columns} from goods where status = 'on_sale'`),
    queryRows<{ n: number | string | null }>(executor, sql`select max(id) as n from goods`),
  ]);
  return { listings: rows.map(readOf), maxId: Number(max?.n ?? 0) };
}

/** Every listing (any status) written after `seq`. */
export async function listingsChangedSince(executor: Executor, seq: number) {
  const rows = await queryRows<RawListing>(
    executor,
    sql`select ${columns} from goods where search_seq > ${seq} order by search_seq`,
  );
  return rows.map(readOf);
}

const cardsText = (
  withDescription: boolean,
) => `select s.last_value as change_seq, c.* from goods_change_seq s
  left join lateral (select g.id, g.title, g.game_id, g.platform, g.partition_id, g.price, g.original_price,
    g.screenshots[1] as cover, g.tags, g.highlights, g.views, g.favourites, g.listed_at, g.seller_id,
    ${withDescription ? 'g.description' : "''"} as description, 0 as sort_key, coalesce(st.name, '') as store_name
    from goods g left join stores st on st.user_id = g.seller_id where g.id = any($1::bigint[])) c on true`;
const cardTexts = { with: cardsText(true), without: cardsText(false) };

/**
 * The card rows of a page by id (in the order of `ids`; a row gone since is left out), and where
 * `goods_change_seq` stands: one statement, so that every page also says whether the index is behind.
 */
export async function pageCards(executor: Executor, ids: readonly number[], withDescription: boolean) {
  const text = withDescription ? cardTexts.with : cardTexts.without;
  const raw = await preparedRows<Partial<RawCard> & { change_seq: number | string }>(
    executor,
    withDescription ? 'goods_search_cards_d' : 'goods_search_cards',
    text,
    [ids.map(String)],
  );
  const byId = new Map(
    raw
      .flatMap((row) => (row.id === undefined || row.id === null ? [] : [cardRowOf(row as RawCard)]))
      .map((row) => [row.id, row] as const),
  );
  return {
    rows: ids.flatMap((id) => byId.get(id) ?? []),
    changeSeq: Number(raw[0]?.change_seq ?? 0),
  };
}
