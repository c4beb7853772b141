import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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

/** Text assets worth compressing (the hashed files under assets/). */
const COMPRESSIBLE = /\.(js|css|svg|json|html|txt)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text asset of 1 KiB or more, once, at
 * build time at the highest levels; the gateway sends the copy the browser accepts (see
 * serveWebApp in services/gateway/src/gateway-server.ts). No compression work per request.
 */
function precompress(): Plugin {
  return {
    name: 'trackside-precompress',
    apply: 'build',
    writeBundle(options) {
      const assets = join(options.dir ?? 'dist', 'assets');
      for (const name of readdirSync(assets)) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = join(assets, name);
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), metaJson(), precompress()],
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
