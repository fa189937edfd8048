import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { deviceSignKeyPlugin } from './device-sign-key-plugin';

/** The API server the dev server forwards to (several dev servers can run side by side). */
const apiTarget = `http://127.0.0.1:${process.env.HAOSHI_API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react(), deviceSignKeyPlugin()],
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
  build: { target: 'es2020', sourcemap: false, manifest: true, chunkSizeWarningLimit: 400 },
});
