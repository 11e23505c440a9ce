import type { CatalogueRole } from '../services/roles/role-catalogue';
import type { CipherAlgorithm } from '../config/cipher-algorithm';
import type { Database } from '../db/database';
import { bindPersonalCipher, openPersonalCipher } from '../services/crypto/personal-cipher';
import { resealContacts } from '../services/users/user-contact';
import { seedDemoUsers } from './seed-demo-users';
import { seedDicts } from './seed-dicts';
import { seedRoles } from './seed-roles';

/**
 * Brings a database up to date at start: migrations, the personal fields' keys (opened under the master
 * key and bound to the database, every account's contact sealed), dictionaries, the role catalogue, and
 * the demo accounts when asked.
 */
export async function prepareDatabase(
  database: Database,
  options: {
    schemasDir: string;
    seedDemoUsers: boolean;
    roleCatalogue?: readonly CatalogueRole[];
    dataMasterKey: Buffer;
    dataCipher?: CipherAlgorithm | undefined;
  },
): Promise<void> {
  await database.migrate();
  bindPersonalCipher(database.db, await openPersonalCipher(database.db, options.dataMasterKey, options.dataCipher ?? 'sm4'));
  // Accounts written before encryption (ADR 0066), or by a process that had not yet seen a rotation.
  await resealContacts(database.db);
  await seedDicts(database.db, options.schemasDir);
  await seedRoles(database.db, options.roleCatalogue);
  if (options.seedDemoUsers) await seedDemoUsers(database.db);
}
