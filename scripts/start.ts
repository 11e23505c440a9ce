// npm start: builds the client only when its inputs changed since the last build (a stamp in
// dist/client holds their hash), then runs the server in this process. Issue 16: a restart with a
// built client must not spend a minute rebuilding it.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { clientInputsHash, clientIsCurrent, STAMP_FILE } from './lib/client-build-stamp';

const ROOT = resolve(import.meta.dirname, '..');
const CLIENT_DIR = join(ROOT, 'dist/client');

if (clientIsCurrent(ROOT, CLIENT_DIR)) {
  console.log('client build is current; not rebuilding');
} else {
  const hash = clientInputsHash(ROOT);
  const built = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  writeFileSync(join(CLIENT_DIR, STAMP_FILE), `${hash}\n`);
}
await import('../src/server/server');
