/**
 * Builds the bench page (page/index.html) once, with Vite's JS API, into a temporary folder: React's
 * production build, minified, each variant in its own chunk. It uses no config file, so the product's
 * build (vite.config.ts, dist/) is untouched.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export const PAGE_ROOT = resolve(import.meta.dirname, 'page');

export interface BuiltPage {
  dir: string;
  remove: () => void;
}

export interface BuildOptions {
  /** false for a CPU profile with readable function names; the bench itself measures the minified build. */
  minify?: boolean;
  /** Puts each package in a chunk of its own, so a profile can be read by chunk. */
  chunkByPackage?: boolean;
}

/**
 * node_modules/<package> of a module id, as a chunk name. Our own code keeps Vite's default chunks:
 * split by folder, its import cycles would run modules before their dependencies.
 */
export function packageChunkName(id: string): string | undefined {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  return inPackage?.[1] ? `pkg-${inPackage[1].replace('@', '').replace('/', '-')}` : undefined;
}

export async function buildBenchPage(options: BuildOptions = {}): Promise<BuiltPage> {
  const dir = mkdtempSync(join(tmpdir(), 'kc-form-bench-'));
  try {
    await build({
      configFile: false,
      root: PAGE_ROOT,
      mode: 'production',
      logLevel: 'warn',
      publicDir: false,
      plugins: [react()],
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        outDir: dir,
        emptyOutDir: true,
        minify: options.minify ?? true,
        chunkSizeWarningLimit: 10_000,
        reportCompressedSize: false,
        ...(options.chunkByPackage
          ? {
              rolldownOptions: {
                output: {
                  codeSplitting: {
                    includeDependenciesRecursively: false,
                    groups: [{ debugName: 'by-package', name: (id: string) => packageChunkName(id) ?? null }],
                  },
                },
              },
            }
          : {}),
      },
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
