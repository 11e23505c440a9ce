// npm run build:server: bundles the server into dist/server (issue 16). npm start does the same by
// itself when the bundle is missing or stale; this is for a deployment that builds ahead of time.
import { resolve } from 'node:path';
import { buildServer } from './lib/build-server.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const built = await buildServer(ROOT, resolve(ROOT, 'dist/server'));
console.log(
  `dist/server/server.js: ${built.inputs} files bundled in ${built.ms} ms${built.stamped ? '' : ' (an input changed meanwhile: not stamped)'}`,
);
