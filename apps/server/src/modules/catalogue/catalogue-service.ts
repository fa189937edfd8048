import { asc, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  platforms,
  type Game,
  type Partition,
  type Platform,
  type PublishProperties,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { gamePartitions, games, type PublishSchema } from './tables.ts';
import { catalogueGames, publishSchemaOf } from './game-catalogue.ts';

export interface CatalogueGameEntry {
  game: Game;
  schema: PublishSchema;
  partitions: Partition[];
}

/** One consistent view of the catalogue, read synchronously (list mapping looks names up per row). */
export interface CatalogueLookup {
  games: Game[];
  byId: ReadonlyMap<number, CatalogueGameEntry>;
  partitions: ReadonlyMap<number, Partition>;
}

interface Snapshot extends CatalogueLookup {
  loadedAt: number;
}

/** The catalogue changes rarely: it is read from memory and reloaded at most this often. */
const RELOAD_AFTER_MS = 60_000;

export interface CatalogueService {
  lookup(): Promise<CatalogueLookup>;
  games(platform?: Platform): Promise<Game[]>;
  /** The game with its schema and partitions, or 3004 when it does not exist or is disabled. */
  entry(gameId: number): Promise<CatalogueGameEntry>;
  findEntry(gameId: number): Promise<CatalogueGameEntry | undefined>;
  partition(partitionId: number): Promise<Partition | undefined>;
  publishProperties(gameId: number): Promise<PublishProperties>;
  /** Drops the cached catalogue here and, through the bus, on every other instance. */
  invalidate(): void;
}

export function createCatalogueService(options: {
  db: Database;
  imageUrl: (key: string) => string;
  /** Without one (the demo seed) only this service's own cache is dropped. */
  bus?: InvalidationBus;
}): CatalogueService {
  const { db, imageUrl, bus } = options;
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  /** Counts invalidations: a load begun before one never becomes the snapshot. */
  let generation = 0;
  const drop = () => {
    snapshot = undefined;
    loading = undefined;
    generation += 1;
  };
  bus?.subscribe('catalogue', drop);

  async function load(): Promise<Snapshot> {
    const [gameRows, partitionRows] = await Promise.all([
      db.select().from(games).where(eq(games.enabled, true)).orderBy(asc(games.sort), asc(games.id)),
      db
        .select()
        .from(gamePartitions)
        .orderBy(asc(gamePartitions.gameId), asc(gamePartitions.sort), asc(gamePartitions.id)),
    ]);
    const partitions = new Map<number, Partition>();
    const byId = new Map<number, CatalogueGameEntry>();
    const list: Game[] = [];
    for (const row of gameRows) {
      const game: Game = {
        id: row.id,
        name: row.name,
        icon: imageUrl(row.icon),
        platforms: row.platforms,
        hot: row.hot,
        sort: row.sort,
        slogan: row.slogan,
      };
      list.push(game);
      byId.set(row.id, { game, schema: row.publishSchema, partitions: [] });
    }
    for (const row of partitionRows) {
      const entry = byId.get(row.gameId);
      if (!entry) continue;
      const partition: Partition = {
        id: row.id,
        game_id: row.gameId,
        platform: row.platform,
        name: row.name,
        group: row.group,
      };
      entry.partitions.push(partition);
      partitions.set(row.id, partition);
    }
    return { loadedAt: performance.now(), games: list, byId, partitions };
  }

  function reload(): Promise<Snapshot> {
    const started = generation;
    const pending: Promise<Snapshot> = load()
      .then((loaded) => {
        if (generation === started) snapshot = loaded;
        return loaded;
      })
      .finally(() => {
        if (loading === pending) loading = undefined;
      });
    loading = pending;
    return pending;
  }

  async function current(): Promise<Snapshot> {
    if (snapshot && performance.now() - snapshot.loadedAt < RELOAD_AFTER_MS) return snapshot;
    const pending = loading ?? reload();
    // Past its minute the catalogue still answers while the next one loads: a read made inside a
    // transaction never waits for a connection of its own (PGlite has one; a pool may be drained).
    // Only the first load, and the one after an invalidation, are waited for.
    if (snapshot) {
      pending.catch(() => undefined);
      return snapshot;
    }
    return pending;
  }

  async function findEntry(gameId: number) {
    return (await current()).byId.get(gameId);
  }

  async function entry(gameId: number) {
    const found = await findEntry(gameId);
    if (!found) throw new AppError(ErrorCodes.GAME_NOT_FOUND);
    return found;
  }

  return {
    lookup: current,
    async games(platform) {
      const list = (await current()).games;
      return platform ? list.filter((game) => game.platforms.includes(platform)) : list;
    },
    entry,
    findEntry,
    partition: async (partitionId) => (await current()).partitions.get(partitionId),
    async publishProperties(gameId) {
      const { game, schema } = await entry(gameId);
      return {
        game_id: game.id,
        game_name: game.name,
        platforms: game.platforms,
        fields: schema.fields,
        bindings: schema.bindings,
        guarantees: schema.guarantees,
        min_screenshots: schema.minScreenshots,
        max_screenshots: schema.maxScreenshots,
      };
    },
    invalidate() {
      if (bus) bus.publish('catalogue');
      else drop();
    },
  };
}

/** Writes the reference catalogue; idempotent (games by name, partitions by game, platform and name). */
export async function seedCatalogue(executor: Executor): Promise<void> {
  for (const [index, entry] of catalogueGames.entries()) {
    const values = {
      name: entry.name,
      icon: `demo/icons/${entry.slug}.svg`,
      platforms: entry.platforms,
      hot: entry.hot,
      sort: index + 1,
      slogan: entry.slogan,
      publishSchema: publishSchemaOf(entry),
    };
    const [game] = await executor
      .insert(games)
      .values(values)
      .onConflictDoUpdate({ target: games.name, set: values })
      .returning({ id: games.id });
    if (!game) continue;
    const partitionRows = platforms.flatMap((platform) =>
      (entry.partitions[platform] ?? []).flatMap(([group, names]) =>
        names.map((name) => ({ gameId: game.id, platform, name, group })),
      ),
    );
    await executor
      .insert(gamePartitions)
      .values(partitionRows.map((row, sort) => ({ ...row, sort })))
      .onConflictDoNothing();
  }
}
