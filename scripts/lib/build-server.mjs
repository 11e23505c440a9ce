// Plain JavaScript: scripts/start.mjs runs it under bare Node when the bundle is stale (issue 16).
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ENTRY, SERVER_STAMP_FILE, writeServerStamp } from './server-build-stamp.mjs';

/**
 * Bundles src/server/server.ts into `outDir`/server.js with esbuild and stamps it. Node loads one
 * file instead of some 400 TypeScript modules through tsx, which was about a second of every start.
 * Packages stay external (node_modules is resolved at run time as before), and files the server
 * reads at run time stay in the source tree (src/server/lib/project-root.ts).
 */
export async function buildServer(root, outDir) {
  const { build } = await import('esbuild');
  const started = Date.now();
  // A failed build must not leave an old stamp vouching for what is there.
  rmSync(join(outDir, SERVER_STAMP_FILE), { force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/server.ts'],
    outfile: join(outDir, SERVER_ENTRY),
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Linked, so that start.mjs can turn source maps on and a logged stack names src/server files.
    sourcemap: 'linked',
    // The sources are in the tree; without their text the map is a third of the size, and parsed at every start.
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  const bundled = Object.keys(result.metafile.inputs).sort();
  // An input saved while esbuild ran may or may not be in the bundle: leave it unstamped, so the next start builds again.
  const changedMeanwhile = bundled.some((input) => statSync(join(root, input)).mtimeMs >= started);
  if (!changedMeanwhile) writeServerStamp(root, outDir, bundled);
  return { ms: Date.now() - started, inputs: bundled.length, stamped: !changedMeanwhile };
}
