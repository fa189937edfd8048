/**
 * The in-memory search index alone, in this process (no HTTP, no PostgreSQL on the measured path):
 * 100,000 demo listings drawn as the demo seed draws them, the two realistic mixes of search-mix.ts
 * resolved into index queries beforehand (catalogue and aliases from an embedded PGlite), then each
 * query's page and total timed. CPU time (process.cpuUsage: every thread, the garbage collector's
 * too) rather than wall time, so that other work on the machine moves the figures less.
 *
 *   npm run search-index -w @haoshi/bench
 *   … -- --goods 100000 --queries 20000 --rounds 3      (defaults)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { goodsFilterRequestSchema, SEARCH_TOTAL_CAP, type GoodsSort } from '@haoshi/contracts';
import { openPglite } from '../apps/server/src/db/client.ts';
import {
  catalogueGames,
  createCatalogueService,
  seedCatalogue,
} from '../apps/server/src/modules/catalogue/index.ts';
import { demoListing, random } from '../apps/server/src/modules/goods/demo-listings.ts';
import { loadSearchAliases, seedSearchAliases } from '../apps/server/src/modules/goods/search-aliases.ts';
import {
  SearchIndex,
  type IndexedListing,
  type SearchStart,
} from '../apps/server/src/modules/goods/search-index.ts';
import { createSearchResolver, type Resolved } from '../apps/server/src/modules/goods/search-resolve.ts';
import { mixBodies } from './search-mix.ts';

const { values: args } = parseArgs({
  options: {
    goods: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
  },
});
const goods = Number(args.goods);
const queries = Number(args.queries);
const rounds = Number(args.rounds);

const dataDir = mkdtempSync(join(tmpdir(), 'haoshi-bench-index-'));
const database = await openPglite(dataDir);
try {
  await database.migrate();
  await seedCatalogue(database.db);
  await seedSearchAliases(database.db);
  const catalogue = createCatalogueService({ db: database.db, imageUrl: (key) => key });
  const lookup = await catalogue.lookup();
  const aliases = new Map((await loadSearchAliases(database.db)).map((row) => [row.alias, row]));
  const resolve = createSearchResolver({ catalogue, aliases: async () => aliases });

  const entries = catalogueGames.flatMap((game) => {
    const entry = lookup.games.find((candidate) => candidate.name === game.name);
    const full = entry ? lookup.byId.get(entry.id) : undefined;
    return full ? [{ entry: full, game }] : [];
  });
  const rng = random(7919);
  const now = new Date('2026-11-25T12:00:00Z');
  const listings: IndexedListing[] = Array.from({ length: goods }, (_, at) => {
    const { entry, game } = rng.pick(entries);
    const row = demoListing({
      entry,
      slug: game.slug,
      priceYuan: game.priceYuan,
      sellerId: 1 + rng.int(0, 149),
      now,
      rng,
    });
    return {
      id: at + 1,
      gameId: row.gameId,
      platform: row.platform,
      partitionId: row.partitionId,
      price: Number(row.price),
      rankScore: row.rankScore ?? 0,
      listedAt: row.listedAt ? row.listedAt.getTime() : null,
      heat: row.heat ?? 0,
      tags: row.tags ?? [],
      sellerId: row.sellerId,
      attrs: row.attrs ?? {},
      searchText: row.searchText ?? '',
    };
  });

  let started = performance.now();
  const index = await SearchIndex.build(listings, goods);
  console.log(`${goods} listings indexed in ${Math.round(performance.now() - started)} ms`);

  const gameIds = [...new Set(listings.map((doc) => doc.gameId))].sort((a, b) => a - b);
  const mix = mixBodies(gameIds, queries);
  interface Prepared {
    resolved: Resolved;
    sort: GoodsSort;
    start: SearchStart;
    limit: number;
  }
  const prepare = async (bodies: string[]) => {
    const prepared: Prepared[] = [];
    for (const body of bodies) {
      const request = goodsFilterRequestSchema.parse(JSON.parse(body));
      prepared.push({
        resolved: await resolve(request, async () => index.maxId),
        sort: request.sort,
        start: { offset: (request.page - 1) * request.page_size },
        limit: request.page_size,
      });
    }
    return prepared;
  };
  started = performance.now();
  const sets = { filter: await prepare(mix.filter), keyword: await prepare(mix.keyword) };
  console.log(`${queries} queries a mix resolved in ${Math.round(performance.now() - started)} ms`);

  const percentile = (sorted: Float64Array, share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
  const rows: Record<string, string | number>[] = [];
  let checksum = 0;
  for (const [name, set] of Object.entries(sets)) {
    // Untimed: a digest of every answer (the same before and after a change that keeps the results).
    let digest = 0;
    for (const query of set) {
      const found = index.search(query.resolved.segments, query.sort, query.start, query.limit);
      digest = Math.imul(digest ^ Math.min(found.matches, SEARCH_TOTAL_CAP + 1), 16777619) >>> 0;
      for (const hit of found.hits)
        digest = Math.imul(digest ^ (hit.doc.id * 2 + hit.segment), 16777619) >>> 0;
    }
    console.log(`${name} mix: answers digest ${digest.toString(16)}`);
    for (let round = 1; round <= rounds; round++) {
      const times = new Float64Array(set.length);
      const cpu = process.cpuUsage();
      const wall = performance.now();
      for (const [at, query] of set.entries()) {
        const before = performance.now();
        const found = index.search(query.resolved.segments, query.sort, query.start, query.limit);
        times[at] = performance.now() - before;
        checksum += found.matches + found.hits.length;
      }
      const used = process.cpuUsage(cpu);
      const cpuSeconds = (used.user + used.system) / 1e6;
      times.sort();
      rows.push({
        mix: name,
        round,
        'queries/CPU-s': Math.round(set.length / cpuSeconds),
        'queries/s (wall)': Math.round((set.length * 1000) / (performance.now() - wall)),
        'p50 µs': Math.round(percentile(times, 0.5) * 1000),
        'p99 µs': Math.round(percentile(times, 0.99) * 1000),
        'max µs': Math.round(percentile(times, 1) * 1000),
      });
    }
  }
  console.table(rows);
  console.log(`checksum ${checksum}; heap used ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
