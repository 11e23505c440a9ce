export interface ServerBuild {
  ms: number;
  /** How many files went into the bundle. */
  inputs: number;
  /** False when an input changed during the build, which then stays unstamped. */
  stamped: boolean;
}

/** Bundles src/server/server.ts into `outDir`/server.js with esbuild and stamps it. */
export function buildServer(root: string, outDir: string): Promise<ServerBuild>;
