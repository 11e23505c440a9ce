// npm run docs:api — writes docs/api/openapi.json, collected from the routes and the schema files.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config/server-config';
import { openPgliteMemory } from '../src/server/db/open-pglite';

export const OPENAPI_FILE = path.resolve(import.meta.dirname, '../docs/api/openapi.json');

// The routes need a database to start; an in-memory one leaves nothing behind.
const config = loadConfig({ ...process.env, DATABASE_URL: '', CAPTCHA_FIXED: '', NODE_ENV: 'production' });
const app = await buildApp({ config, database: await openPgliteMemory(), seedDemoUsers: false, openapi: true });
try {
  await writeFile(OPENAPI_FILE, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  console.log(`docs:api: ${path.relative(process.cwd(), OPENAPI_FILE)} 已更新`);
} finally {
  await app.close();
}
