export const STAMP_FILE: string;

/** A hash of every input's path and bytes: equal hashes mean the built client is what a build would make now. */
export function clientInputsHash(root: string): string;

/** Whether `clientDir` holds a build of the current inputs (its stamp matches and its index.html is there). */
export function clientIsCurrent(root: string, clientDir: string): boolean;
