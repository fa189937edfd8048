/**
 * How the build groups modules into files (rolldown's `codeSplitting.groups`). On a phone each file
 * of the first visit is a round trip, six at a time over HTTP/1.1, before the first screen can start:
 * left alone the bundler made ~20 slivers (React, the router, each shared helper) that every screen
 * waits for. These groups make them a few files without adding code to a first visit.
 */
import type { ChunkingContext, CodeSplittingGroup, ModuleInfo } from 'rolldown';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';

const entryModule = fileURLToPath(new URL('./index.html', import.meta.url));
let bootModules: Set<string> | undefined;
const appSource = /[\\/](apps[\\/]web|packages[\\/]contracts)[\\/]src[\\/]/;

/** A module made only of re-exports (a package's index): `export … from` lines and bare imports. */
const isBarrel = (code: string | null): boolean =>
  code !== null &&
  code
    .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
    .split(';')
    .every((statement) =>
      /^\s*(export\s+(\*|\{[^}]*\})\s+from\s+['"][^'"]+['"]|import\s+['"][^'"]+['"])?\s*$/.test(statement),
    );

const packageNames = new Map<string, string | undefined>();

/** The `name` in the package.json nearest above a file. */
function packageNameOf(file: string): string | undefined {
  const dir = dirname(file);
  if (!packageNames.has(dir)) {
    const manifest = join(dir, 'package.json');
    packageNames.set(
      dir,
      existsSync(manifest)
        ? (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name
        : dir === dirname(dir)
          ? undefined
          : packageNameOf(dir),
    );
  }
  return packageNames.get(dir);
}

/** The module `specifier`, imported by `importer`, resolved to (one of the importer's imports). */
function importedModule(info: ModuleInfo, specifier: string): string | undefined {
  if (specifier.startsWith('.')) {
    const base = resolvePath(dirname(info.id), specifier);
    return info.importedIds.find(
      (id) => id === base || id.startsWith(`${base}.`) || id.startsWith(`${base}/index.`),
    );
  }
  return info.importedIds.find((id) => packageNameOf(id) === specifier);
}

/** `import { a, b as c } from 'x'` and `export { a } from 'x'`: the names and where from. */
function namedImports(code: string): Array<{ names: string[]; specifier: string }> {
  return [...code.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)].map(
    ([, list, specifier]) => ({
      names: list!
        .split(',')
        .map(
          (part) =>
            part
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean),
      specifier: specifier!,
    }),
  );
}

/**
 * The modules behind the names `wanted` takes from a barrel (and the barrels behind its `export *`
 * lines, which are looked through in turn).
 */
function barrelTargets(ctx: ChunkingContext, barrel: ModuleInfo, wanted: ReadonlySet<string>): string[] {
  const targets: string[] = [];
  for (const [, list, specifier] of (barrel.code ?? '').matchAll(
    /export\s*(\*|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    const target = importedModule(barrel, specifier!);
    if (target === undefined) continue;
    const exported =
      list === '*'
        ? (ctx.getModuleInfo(target)?.exports ?? [])
        : list!
            .slice(1, -1)
            .split(',')
            .map((part) =>
              part
                .trim()
                .split(/\s+as\s+/)
                .pop()!,
            );
    if (exported.some((name) => wanted.has(name))) targets.push(target);
  }
  return targets;
}

/**
 * The modules `index.html` (`src/main.tsx`) imports statically, directly or not. Through a package's
 * index (antd-mobile, its icons, the contracts) only the modules behind the names asked of it count,
 * as tree-shaking keeps only those.
 */
function staticBootModules(ctx: ChunkingContext): Set<string> {
  const found = new Set<string>();
  const wanted = new Map<string, Set<string>>();
  const pending = [entryModule];
  const want = (barrel: string, names: string[]) => {
    const known = wanted.get(barrel) ?? new Set<string>();
    const fresh = names.filter((name) => !known.has(name));
    if (fresh.length === 0) return;
    for (const name of fresh) known.add(name);
    wanted.set(barrel, known);
    const info = ctx.getModuleInfo(barrel);
    if (!info) return;
    for (const target of barrelTargets(ctx, info, new Set(fresh))) {
      if (isBarrel(ctx.getModuleInfo(target)?.code ?? null)) want(target, fresh);
      else pending.push(target);
    }
  };
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (found.has(next)) continue;
    const info = ctx.getModuleInfo(next);
    if (!info) continue;
    found.add(next);
    const throughBarrels = new Set<string>();
    for (const { names, specifier } of namedImports(info.code ?? '')) {
      const target = importedModule(info, specifier);
      if (target === undefined || target === next || !isBarrel(ctx.getModuleInfo(target)?.code ?? null))
        continue;
      throughBarrels.add(target);
      want(target, names);
    }
    for (const id of info.importedIds)
      if (!throughBarrels.has(id) && !(id !== entryModule && isBarrel(ctx.getModuleInfo(id)?.code ?? null)))
        pending.push(id);
  }
  return found;
}

/**
 * The app's own modules that the entry imports statically (the shell, the router, core): one chunk.
 * Every first visit runs all of them; as a dozen slivers shared with the screens each was a round
 * trip before the first screen could start.
 */
function appBootChunkName(id: string, ctx: ChunkingContext): string | null {
  bootModules ??= staticBootModules(ctx);
  return id !== entryModule && appSource.test(id) && bootModules.has(id) ? 'app-boot' : null;
}

export const chunkGroups: CodeSplittingGroup[] = [
  // The route table, shared by the client and the small preload entry (src/preload.ts): its own
  // light chunk, so that the preload entry does not wait for the client's.
  {
    name: 'routes',
    test: /[\\/]src[\\/](app[\\/]route-(table|preload)|core[\\/]feature-routes|features[\\/][^\\/]+[\\/]([\w-]+-)?routes|features[\\/]legal[\\/]legal-variants)\.ts$/,
    priority: 5,
  },
  // Captured without their dependencies: those are libraries (their own groups below) and the
  // antd-mobile components, which stay split per component.
  { name: appBootChunkName, priority: 4, includeDependenciesRecursively: false },
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
];
