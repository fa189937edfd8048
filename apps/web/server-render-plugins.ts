import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { relative } from 'node:path';

// The files, not the packages: Node loads Vite's config without `@/` paths or compiling packages.
import { SCREEN_ASSETS_FILE, type ScreenAssets } from '../../packages/contracts/src/server-render.ts';
import { SOURCE_ID_EXPORT } from './src/server-render/source-id.ts';

function isAppModule(root: string, id: string): boolean {
  const path = relative(root, id);
  return path.startsWith('src/') && id.endsWith('.tsx') && !/\.test(-support)?\.tsx$/.test(id);
}

/**
 * Server-render build only: every .tsx module of the app exports its source path, so a render can
 * tell which lazily loaded screens it drew (src/server-render/render-page.tsx).
 */
export function sourceIdExport(): Plugin {
  let root = '';
  return {
    name: 'haoshi-source-id-export',
    apply: (_config, env) => env.isSsrBuild === true,
    configResolved(config) {
      root = config.root;
    },
    transform(code, id) {
      if (!isAppModule(root, id)) return null;
      return {
        code: `${code}\nexport const ${SOURCE_ID_EXPORT} = ${JSON.stringify(relative(root, id))};\n`,
        map: null,
      };
    },
  };
}

function closure(bundle: OutputBundle, chunk: OutputChunk, seen = new Set<string>()): OutputChunk[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const imported = chunk.imports.flatMap((file) => {
    const next = bundle[file];
    return next?.type === 'chunk' ? closure(bundle, next, seen) : [];
  });
  return [chunk, ...imported];
}

/**
 * Client build only: for each screen (a .tsx module something imports dynamically), the scripts and
 * stylesheets its chunk needs beyond what index.html already loads. The server links them into a
 * page it paints, so the screen is styled before any script runs.
 */
export function screenAssetsManifest(): Plugin {
  let root = '';
  return {
    name: 'haoshi-screen-assets',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
      if (!entry) throw new Error('the index entry is missing from the build');
      const onPage = new Set(closure(bundle, entry).map((chunk) => chunk.fileName));
      const assets: ScreenAssets = {};
      for (const chunk of chunks) {
        const screens = chunk.moduleIds.filter(
          (id) => isAppModule(root, id) && (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0,
        );
        if (screens.length === 0) continue;
        const needed = closure(bundle, chunk).filter((item) => !onPage.has(item.fileName));
        const files = {
          js: needed.map((item) => item.fileName),
          css: [...new Set(needed.flatMap((item) => [...(item.viteMetadata?.importedCss ?? [])]))],
        };
        for (const id of screens) assets[relative(root, id)] = files;
      }
      this.emitFile({ type: 'asset', fileName: SCREEN_ASSETS_FILE, source: JSON.stringify(assets) });
    },
  };
}
