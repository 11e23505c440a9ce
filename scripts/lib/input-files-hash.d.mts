/** Every file at or under each input (a file or a folder, relative to root), sorted within a folder; a missing input gives none. */
export function listInputFiles(root: string, inputs: readonly string[]): string[];

/** A hash of each file's path and bytes: equal hashes mean the same files with the same content. */
export function inputFilesHash(root: string, inputs: readonly string[]): string;
