import type { CatalogueRole } from '../services/roles/role-catalogue';
import type { Database } from '../db/database';
import { seedDemoUsers } from './seed-demo-users';
import { seedDicts } from './seed-dicts';
import { seedRoles } from './seed-roles';

/** Brings a database up to date at start: migrations, dictionaries, the role catalogue, and the demo accounts when asked. */
export async function prepareDatabase(
  database: Database,
  options: { schemasDir: string; seedDemoUsers: boolean; roleCatalogue?: readonly CatalogueRole[] },
): Promise<void> {
  await database.migrate();
  await seedDicts(database.db, options.schemasDir);
  await seedRoles(database.db, options.roleCatalogue);
  if (options.seedDemoUsers) await seedDemoUsers(database.db);
}
