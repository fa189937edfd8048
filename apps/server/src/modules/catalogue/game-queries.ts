import type { Executor } from '../../db/client.ts';
import { games } from './tables.ts';

/** Game ids by game name (demo seeds name games, the catalogue numbers them). */
export async function gameIdsByName(executor: Executor): Promise<Map<string, number>> {
  const rows = await executor.select({ id: games.id, name: games.name }).from(games);
  return new Map(rows.map((game) => [game.name, game.id]));
}
