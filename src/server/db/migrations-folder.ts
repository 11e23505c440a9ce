import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root';

/** The drizzle-kit output folder, from the project root so that neither the working directory nor running from the bundle matters. */
export const MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'src/server/db/migrations');
