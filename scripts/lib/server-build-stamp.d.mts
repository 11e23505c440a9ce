export const SERVER_STAMP_FILE: string;
export const SERVER_ENTRY: string;

/** Inputs of every build besides the files esbuild reads: the lock file, tsconfig.json and the build's own options. */
export const SERVER_BUILD_SETTINGS: readonly string[];

/** The hash of a build's inputs; `bundled` is the list esbuild's metafile gave. */
export function serverInputsHash(root: string, bundled: readonly string[]): string;

/** Records that `serverDir` holds a build of these inputs. */
export function writeServerStamp(root: string, serverDir: string, bundled: readonly string[]): void;

/** Whether `serverDir` holds a build of the current inputs: its bundle is there and each input it was built from is unchanged. */
export function serverIsCurrent(root: string, serverDir: string): boolean;
