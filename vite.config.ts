import { defineConfig, type Logger, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressAssets } from './scripts/lib/precompress-assets';

/**
 * Brotli and gzip copies of the built text files beside them (ADR 0054), written by every `vite build`,
 * whoever runs it (npm run build, npm start, the e2e set-up), so the server never compresses a static file.
 */
function precompress(): Plugin {
  let logger: Logger | undefined;
  return {
    name: 'kechuang-precompress',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    async writeBundle(options) {
      if (!options.dir) return;
      const started = Date.now();
      const summary = await precompressAssets(options.dir);
      const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;
      logger?.info(
        `precompressed ${summary.files} files in ${Date.now() - started} ms: ${kib(summary.bytes)} → br ${kib(summary.brotliBytes)}, gz ${kib(summary.gzipBytes)}`,
      );
    },
  };
}

// The client is built into dist/client and served by the Fastify process in production;
// in development Vite serves it and proxies /api to the server.
export default defineConfig(({ command }) => {
  // A build is always the production bundle: with NODE_ENV=test (or anything else) in the shell, Vite
  // would otherwise ship React's development build, several times slower and larger (issue 16). Vite
  // reads NODE_ENV after this file, for both the bundle's React and the JSX transform, so setting it
  // here keeps the two in step (a define alone gave production React with development JSX calls).
  if (command === 'build') process.env['NODE_ENV'] = 'production';
  return {
    root: 'src/client',
    publicDir: false,
    plugins: [react(), precompress()],
    build: {
      outDir: '../../dist/client',
      emptyOutDir: true,
      chunkSizeWarningLimit: 2000,
      // The server reads which chunks a page's route needs from it, to name them in the page (issue 33).
      manifest: true,
      rollupOptions: {
        // Issue 33: Rolldown's automatic splitting left 137 of 209 chunks under 5 KB, and a public page
        // fetched ~100 of them in a waterfall before it painted its content. Common chunks under 10 KB
        // are inlined into the chunks that use them (some code twice, +10 % bytes in all, none more on
        // any one page): half the requests, and LCP 1–1.5 s sooner on the phone profile (bench:phone).
        // It needs the entry's exports left free (nothing imports the entry) and keeps execution order.
        preserveEntrySignatures: false,
        output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 10 * 1024 } } },
        treeshake: {
          // These two declare no "sideEffects" but have none: without this, antd's form context (which
          // every Modal and Dropdown reaches) keeps all of rc-field-form and its validator in every page.
          moduleSideEffects: (id: string) => !/node_modules\/(rc-field-form|@rc-component\/async-validator)\//.test(id),
        },
      },
    },
    server: {
      host: '127.0.0.1',
      proxy: { '/api': 'http://127.0.0.1:3000' },
    },
  };
});
