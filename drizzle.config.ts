import { defineConfig } from 'drizzle-kit';

// Offline migration generation: `npx drizzle-kit generate --name <change>` writes SQL into
// src/server/db/migrations; the server applies it at start on PGlite or PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
