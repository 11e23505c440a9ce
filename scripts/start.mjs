// npm start: builds the client and the server bundle only when their inputs changed since the last
// build (a stamp beside each holds their hash), then runs the bundled server in this process.
// Plain JavaScript under bare Node, and the server bundled by esbuild (issue 16): loading tsx and
// the server's TypeScript through it was over a second of every start. npm run dev and the tests
// still run the TypeScript sources.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clientInputsHash, clientIsCurrent, STAMP_FILE } from './lib/client-build-stamp.mjs';
import { SERVER_ENTRY, serverIsCurrent } from './lib/server-build-stamp.mjs';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CLIENT_DIR = join(ROOT, 'dist/client');
const SERVER_DIR = join(ROOT, 'dist/server');

if (clientIsCurrent(ROOT, CLIENT_DIR)) {
  console.log('client build is current; not rebuilding');
} else {
  const hash = clientInputsHash(ROOT);
  const built = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeFileSync(join(CLIENT_DIR, STAMP_FILE), `${hash}\n`);
}
// Worded without "rebuilding": tests/bench/cold-start.ts reads that word as the client's.
if (serverIsCurrent(ROOT, SERVER_DIR)) {
  console.log('server bundle is current (dist/server)');
} else {
  // esbuild is loaded only here, when there is something to bundle.
  const { buildServer } = await import('./lib/build-server.mjs');
  const built = await buildServer(ROOT, SERVER_DIR);
  console.log(`server bundled into dist/server in ${built.ms} ms`);
}
// Stack traces in the log name src/server files and lines, through the bundle's source map.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(SERVER_DIR, SERVER_ENTRY)).href);
