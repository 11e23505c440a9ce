import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Pairs of folders of src/server that import each other, at the level of the floors' folders
 * (`modules/user`, `services/auth`, `engine/units`, `db`). depcruise forbids file cycles and upward
 * imports; two folders on the same floor (two modules, two services) can still lean on each other,
 * which this finds.
 */
export function folderLoops(root: string): string[] {
  const edges = new Set<string>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]/g)) {
      const target = path.resolve(path.dirname(file), match[1] ?? '');
      if (!target.startsWith(root + path.sep)) continue;
      const from = folderOf(root, file);
      const to = folderOf(root, target);
      if (from !== to) edges.add(`${from} -> ${to}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split(' -> ') as [string, string])
    .filter(([from, to]) => from < to && edges.has(`${to} -> ${from}`))
    .map(([from, to]) => `${from} <-> ${to}`);
}

function folderOf(root: string, file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  if (parts.length <= 1) return '.';
  return parts.length === 2 ? (parts[0] ?? '.') : parts.slice(0, 2).join('/');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}
