import type { Database } from './database';
import { seedDemoUsers } from './seed-demo-users';
import { seedDicts } from './seed-dicts';

/** Brings a database up to date at start: migrations, dictionaries, and the demo accounts when asked. */
export async function prepareDatabase(database: Database, options: { schemasDir: string; seedDemoUsers: boolean }): Promise<void> {
  await database.migrate();
  await seedDicts(database.db, options.schemasDir);
  if (options.seedDemoUsers) await seedDemoUsers(database.db);
}
