import { fileURLToPath } from 'node:url';

/** The drizzle-kit output folder, resolved from this file so that the working directory does not matter. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
