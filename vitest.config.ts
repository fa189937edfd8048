import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'] },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'device-sign-key-plugin.test.ts'],
          exclude: ['src/server-render/**'],
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
      {
        plugins: [react()],
        // The server render runs in Node, where antd-mobile must be its ES build (Node would take the
        // CommonJS one) and go through Vite for its CSS imports, as in the server-render build.
        resolve: {
          alias: [
            { find: '@', replacement: webSrc },
            { find: /^antd-mobile$/, replacement: 'antd-mobile/es/index.js' },
          ],
        },
        test: {
          name: 'web-server-render',
          root: './apps/web',
          environment: 'node',
          include: ['src/server-render/**/*.test.{ts,tsx}'],
          server: { deps: { inline: ['antd-mobile'] } },
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
