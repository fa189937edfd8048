import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gameIdsByName } from '../catalogue/index.ts';
import { searchAliases } from './tables.ts';
import { keywordRuns, normalise, tokenize } from './search-text.ts';

/**
 * The words players type for games and common terms, from one table (`search_aliases`) that staff
 * extend with `npm run admin -- alias-add`. A search applies them to its words before matching.
 */

export interface SearchAlias {
  alias: string;
  expansion: string;
  gameId: number | null;
}

/** Seeded for the demo catalogue; `game` is a game's name, null for a common term. */
const seedAliases: { game: string | null; aliases: string[]; expansion?: string }[] = [
  { game: '王者荣耀', aliases: ['wzry', 'wz', '农药', '王者农药'] },
  { game: '和平精英', aliases: ['hpjy', '吃鸡'] },
  { game: '原神', aliases: ['ys', 'yuanshen', 'genshin'] },
  { game: '英雄联盟手游', aliases: ['lol', 'lolm', 'lolsy', '撸啊撸'] },
  { game: '金铲铲之战', aliases: ['jcc', 'jccz', '云顶'] },
  { game: '崩坏：星穹铁道', aliases: ['xqtd', '星铁', 'hsr'], expansion: '星穹铁道' },
  { game: '第五人格', aliases: ['dwrg', '五人格'] },
  { game: '蛋仔派对', aliases: ['dzpd'] },
  { game: '火影忍者', aliases: ['hyrz'] },
  { game: '梦幻西游', aliases: ['mhxy'] },
  { game: '穿越火线', aliases: ['cf', 'cfm', 'cyhx'] },
  { game: '明日方舟', aliases: ['mrfz', '舟游'] },
  { game: null, aliases: ['yys'], expansion: '阴阳师' },
  { game: null, aliases: ['gf'], expansion: '国服' },
  { game: null, aliases: ['az'], expansion: '安卓' },
  { game: null, aliases: ['ios', 'pg'], expansion: '苹果' },
  { game: null, aliases: ['vx', 'wx'], expansion: '微信' },
  { game: null, aliases: ['bp'], expansion: '包赔' },
  { game: null, aliases: ['ecsm'], expansion: '可二次实名' },
];

/** One word of the searched kind: a lower-cased run of CJK or of Latin letters and digits. */
export const aliasWordOf = (text: string): string | undefined => {
  const runs = tokenize(text);
  return runs.length === 1 && runs[0] === normalise(text.trim()) ? runs[0] : undefined;
};

/** Inserts the seeded aliases that are missing (those staff changed are kept). */
export async function seedSearchAliases(executor: Executor): Promise<void> {
  const gameIds = await gameIdsByName(executor);
  const rows = seedAliases.flatMap(({ game, aliases, expansion }) => {
    const gameId = game === null ? null : gameIds.get(game);
    if (gameId === undefined) return [];
    return aliases.map((alias) => ({ alias, expansion: expansion ?? game ?? alias, gameId }));
  });
  if (rows.length > 0) await executor.insert(searchAliases).values(rows).onConflictDoNothing();
}

export async function loadSearchAliases(executor: Executor): Promise<SearchAlias[]> {
  return executor
    .select({ alias: searchAliases.alias, expansion: searchAliases.expansion, gameId: searchAliases.gameId })
    .from(searchAliases)
    .orderBy(asc(searchAliases.alias));
}

export type AliasChange =
  | { kind: 'added'; alias: SearchAlias }
  | { kind: 'taken'; alias: SearchAlias }
  | { kind: 'invalid'; reason: string };

/**
 * Adds one alias; refuses a second meaning for the same word and anything that is not one word.
 * `game` is a game's name or id, null for a common term.
 */
export async function addSearchAlias(
  executor: Executor,
  input: { alias: string; expansion: string; game: string | null; actor: string },
): Promise<AliasChange> {
  let gameId: number | null = null;
  if (input.game !== null) {
    const gameIds = await gameIdsByName(executor);
    const byId = /^\d+$/.test(input.game) ? Number(input.game) : undefined;
    const found = [...gameIds.values()].includes(byId ?? -1) ? byId : gameIds.get(input.game);
    if (found === undefined) return { kind: 'invalid', reason: `游戏不存在：${input.game}` };
    gameId = found;
  }
  const alias = aliasWordOf(input.alias);
  if (!alias) return { kind: 'invalid', reason: '别名须是一个词（汉字或字母数字，不含空格和符号）' };
  const expansion = input.expansion.trim();
  if (tokenize(expansion).length === 0 || expansion.length > 30)
    return { kind: 'invalid', reason: '展开词须含文字，最多 30 字' };
  const [added] = await executor
    .insert(searchAliases)
    .values({ alias, expansion, gameId, createdBy: input.actor })
    .onConflictDoNothing()
    .returning({
      alias: searchAliases.alias,
      expansion: searchAliases.expansion,
      gameId: searchAliases.gameId,
    });
  if (added) return { kind: 'added', alias: added };
  const [taken] = await executor
    .select({ alias: searchAliases.alias, expansion: searchAliases.expansion, gameId: searchAliases.gameId })
    .from(searchAliases)
    .where(eq(searchAliases.alias, alias));
  return taken ? { kind: 'taken', alias: taken } : { kind: 'invalid', reason: '别名写入失败，请重试' };
}

export async function removeSearchAlias(executor: Executor, text: string): Promise<boolean> {
  const alias = aliasWordOf(text);
  if (!alias) return false;
  const removed = await executor
    .delete(searchAliases)
    .where(eq(searchAliases.alias, alias))
    .returning({ id: searchAliases.id });
  return removed.length > 0;
}

export interface ResolvedKeyword {
  /** The words to match and highlight, aliases expanded. */
  runs: string[];
  /** The game the keyword named, by an alias or as the start of its name (王者 → 王者荣耀). */
  gameId: number | undefined;
  /** Runs that every listing of that game matches through its game name: not checked within it. */
  impliedRuns: string[];
}

/**
 * Expands aliases and finds the game a keyword names. The first word that names a game wins; a CJK
 * word of two or more characters names a game when it starts (or is a word of) exactly one game's name.
 */
export function resolveKeyword(
  keyword: string,
  aliases: ReadonlyMap<string, SearchAlias>,
  gameNames: readonly { id: number; name: string }[],
): ResolvedKeyword {
  const runs: string[] = [];
  let gameId: number | undefined;
  let impliedRuns: string[] = [];
  const nameRuns = gameNames.map((game) => ({ id: game.id, runs: tokenize(game.name) }));
  for (const run of keywordRuns(keyword)) {
    const alias = aliases.get(run);
    const expanded = alias ? tokenize(alias.expansion) : [run];
    runs.push(...expanded);
    if (gameId !== undefined) continue;
    const named = alias?.gameId
      ? nameRuns.filter((game) => game.id === alias.gameId)
      : nameRuns.filter(
          (game) =>
            expanded.length === 1 &&
            Array.from(run).length >= 2 &&
            /\p{Script=Han}/u.test(run) &&
            (game.runs.join('').startsWith(run) || game.runs.includes(run)),
        );
    const [game] = named;
    if (named.length !== 1 || !game) continue;
    gameId = game.id;
    impliedRuns = expanded.filter((word) => game.runs.some((nameRun) => nameRun.includes(word)));
  }
  return { runs: [...new Set(runs)], gameId, impliedRuns };
}
