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

const cardsText = `select g.id, g.title, g.game_id, g.platform, g.partition_id, g.price, g.original_price,
    g.screenshots[1] as cover, g.tags, g.highlights, g.views, g.favourites, g.listed_at, g.seller_id,
    g.description, 0 as sort_key, coalesce(st.name, '') as store_name
  from goods g left join stores st on st.user_id = g.seller_id where g.id = any($1::bigint[])`;

export type SearchCardRow = ReturnType<typeof cardRowOf>;

/** The card rows (with the description, for snippets) of these listings; a row gone is left out. */
export async function cardsById(executor: Executor, ids: readonly number[]) {
  const raw = await preparedRows<RawCard>(executor, 'goods_search_cards', cardsText, [ids.map(String)]);
  return new Map(raw.map((row) => [Number(row.id), cardRowOf(row)] as const));
}

/** Where `goods_change_seq` stands: ahead of the index when a listing was written since its refresh. */
export async function changeSeqNow(executor: Executor): Promise<number> {
  const [row] = await preparedRows<{ n: number | string }>(
    executor,
    'goods_change_seq_now',
    'select last_value as n from goods_change_seq',
    [],
  );
  return Number(row?.n ?? 0);
}
