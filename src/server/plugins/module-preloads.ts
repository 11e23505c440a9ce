import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One chunk of the build's manifest (vite build with `manifest: true`, dist/client/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The links naming the files of some client modules in a page, or '' when there are none to add. */
export type ModulePreloads = (modules: readonly string[]) => Promise<string>;

type Links = (modules: readonly string[]) => string;
const NONE: Links = () => '';

/**
 * Reads the client build's manifest once, and answers which files a page's first-screen modules
 * (shared/site/first-screen-modules.ts) need beyond the shell that index.html already names: each
 * module's chunk and the chunks it imports, as `<link rel="modulepreload">`, and their styles as
 * `<link rel="preload" as="style">` (the chunk's loader adds the stylesheet itself; a blocking
 * stylesheet here would hold up the first paint). Without a manifest (no build), no links. The
 * manifest is read at the first page asked for, as index.html is read per page.
 */
export function modulePreloads(clientDir: string): ModulePreloads {
  let links: Promise<Links> | undefined;
  return async (modules) => (await (links ??= readManifest(clientDir)))(modules);
}

async function readManifest(clientDir: string): Promise<Links> {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return NONE;
  }
  // A shared chunk's key carries its hash (`_schema-list-kcH1KuZ_.js`): it is asked for by its name.
  const byName = new Map(
    Object.entries(manifest).flatMap(([key, chunk]) => (key.startsWith('_') && chunk.name ? [[chunk.name, key] as const] : [])),
  );
  const closure = (keys: readonly string[], into: Set<string>): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const shell = closure(
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry),
    new Set(),
  );
  return (modules) => {
    const keys = closure(
      modules.map((module) => (manifest[module] ? module : (byName.get(module) ?? module))),
      new Set(),
    );
    const chunks = [...keys].filter((key) => !shell.has(key)).flatMap((key) => (manifest[key] ? [manifest[key]] : []));
    const styles = new Set(chunks.flatMap((chunk) => chunk.css ?? []));
    return [
      ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.file}">`),
      ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ].join('');
  };
}
