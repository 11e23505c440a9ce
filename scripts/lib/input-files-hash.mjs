// Plain JavaScript, like the rest of what `npm start` loads before the server: it runs under bare
// Node so that a start with current builds pays for no TypeScript loader (issue 16).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file at or under each input (a file or a folder, relative to root), sorted within a folder; a missing input gives none. */
export function listInputFiles(root, inputs) {
  const files = (path) => {
    const full = join(root, path);
    if (!existsSync(full)) return [];
    if (!statSync(full).isDirectory()) return [path];
    return readdirSync(full)
      .sort()
      .flatMap((name) => files(join(path, name)));
  };
  return inputs.flatMap(files);
}

/** A hash of each file's path and bytes: equal hashes mean the same files with the same content. */
export function inputFilesHash(root, inputs) {
  const hash = createHash('sha256');
  for (const file of listInputFiles(root, inputs))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}
