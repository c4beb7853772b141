import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const buildDate = new Date().toISOString();

/** Writes dist/meta.json: the running app compares its own build date with it (spec 000 section 4, app update check). */
function metaJson(): Plugin {
  return {
    name: 'trackside-meta-json',
    apply: 'build',
    writeBundle(options) {
      writeFileSync(`${options.dir ?? 'dist'}/meta.json`, JSON.stringify({ buildDate }));
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), metaJson()],
  define: { __BUILD_DATE__: JSON.stringify(buildDate) },
  resolve: {
    alias: { '@trackside/contracts/': fileURLToPath(new URL('../libs/contracts/src/', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/graphql': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'http://127.0.0.1:3000', ws: true },
      '/auth': 'http://127.0.0.1:3000',
      '/payment': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
    },
  },
});
