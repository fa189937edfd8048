import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/app': 'http://127.0.0.1:8080',
      '/dev': 'http://127.0.0.1:8080',
      '/security': 'http://127.0.0.1:8080',
    },
  },
  build: { target: 'es2020', sourcemap: false, manifest: true, chunkSizeWarningLimit: 400 },
});
