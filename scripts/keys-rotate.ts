// npm run keys:rotate
// Makes a new data key for personal fields and re-seals everything the old keys sealed (SECURITY R34,
// ADR 0066), on the database the server would use: PostgreSQL (DATABASE_URL) while the portal runs, or
// the embedded DATA_DIR, which the running server must release first. DATA_KEY (or the data folder's
// key file) must be the master key the portal uses.
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config/server-config';
import { rotatePersonalKeys } from '../src/server/seed/rotate-personal-keys';

const app = await buildApp({ config: loadConfig(), logger: false });
try {
  const started = performance.now();
  const { keyId, resealed } = await rotatePersonalKeys(app.database.db, {
    resources: app.resources.list(),
    activities: app.activities.list(),
  });
  console.log(
    `keys:rotate: data key ${keyId} now seals; re-sealed ${resealed.accounts} accounts, ${resealed.records} records and ${resealed.applications} applications in ${Math.round(performance.now() - started)} ms`,
  );
} finally {
  // Closed before anything exits: the embedded database writes its last pages on close.
  await app.close();
}
