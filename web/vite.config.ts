import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './build/chunk-groups.js';
import { precompress } from './build/precompress.js';

const api = 'http://localhost:3000';

// `vite build --ssr` (npm run build's second step) makes the server renderer (src/entry-server.tsx)
// into dist/web-ssr; node_modules stay outside the bundle and are loaded by the server.
// Neither folder is emptied: the previous build's hashed files stay for the workers a rolling reload has
// not replaced yet, and scripts/build.js removes the older ones (pruneAssets).
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: isSsrBuild ? [react(), tailwindcss()] : [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: isSsrBuild
    ? { outDir: fileURLToPath(new URL('../dist/web-ssr', import.meta.url)), emptyOutDir: false, sourcemap: false, copyPublicDir: false }
    : {
        outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
        emptyOutDir: false,
        manifest: true,
        sourcemap: false,
        rolldownOptions: { output: { codeSplitting: chunkGroups() } },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/sitemap.xml': api,
      '/robots.txt': api,
    },
  },
  preview: { port: 4173 },
}));
