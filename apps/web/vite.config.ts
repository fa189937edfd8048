import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chunkGroups } from './chunk-groups.ts';
import { deviceSignKeyPlugin } from './device-sign-key-plugin.ts';
import { screenAssetsManifest, sourceIdExport } from './server-render-plugins.ts';

/** The API server the dev server forwards to (several dev servers can run side by side). */
const apiTarget = `http://127.0.0.1:${process.env.HAOSHI_API_PORT ?? '8080'}`;

/** Smaller files gain less from compression than the encoding header costs. */
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every built script, stylesheet and SVG, at the
 * highest levels: the server sends them as they are (no compression work per request).
 */
function precompress(): Plugin {
  return {
    name: 'haoshi-precompress',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
    enforce: 'post',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const source = await readFile(path);
          if (source.length < PRECOMPRESS_MIN_BYTES) return;
          const brotli = brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          await writeFile(`${path}.br`, brotli);
          await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Adds the second entry (`src/preload.ts`: starts the opened route's screen and prefetch chunks) to
 * index.html as an async module script before the client's, with its few small imports (static and
 * dynamic) preloaded: it runs as soon as those arrive instead of after React, the router and the shell.
 */
function routePreloadEntry(): Plugin {
  return {
    name: 'haoshi-route-preload-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const entry = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'preload',
        );
        if (entry?.type !== 'chunk') throw new Error('the preload entry is missing from the build');
        const loaded = entry.dynamicImports.flatMap((file) => {
          const chunk = context.bundle?.[file];
          return chunk?.type === 'chunk' ? [file, ...chunk.imports] : [file];
        });
        const preloaded = [...new Set([...entry.imports, ...loaded])];
        const tags = [
          `<script type="module" async crossorigin src="/${entry.fileName}"></script>`,
          ...preloaded.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ];
        return html.replace('</title>', `</title>\n    ${tags.join('\n    ')}`);
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    deviceSignKeyPlugin(),
    precompress(),
    routePreloadEntry(),
    screenAssetsManifest(),
    sourceIdExport(),
  ],
  // The server-render bundle carries its packages (antd-mobile imports CSS, which Node cannot load).
  ssr: { noExternal: true },
  // …and React's production build (its CommonJS entry picks the build from NODE_ENV at run time).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/app': apiTarget,
      '/dev': apiTarget,
      '/security': apiTarget,
      '/uploads': apiTarget,
    },
  },
  build: {
    target: 'es2020',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        preload: fileURLToPath(new URL('./src/preload.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: chunkGroups,
        },
      },
    },
  },
}));
