import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ENGINE = resolve(import.meta.dirname, '../../../src/client/engine');

/** A module's static imports (not `import type`, not `import()`), each as written. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^import\s+(?!type\s)([^;]*?)\s+from\s+'([^']+)';/gms), ...text.matchAll(/^import\s+'([^']+)';/gm)].map(
    (match) => (match.length === 3 ? `${match[1] ?? ''}|${match[2] ?? ''}` : `|${match[1] ?? ''}`),
  );
}

function resolveSource(from: string, specifier: string): string | undefined {
  for (const candidate of [`${specifier}.tsx`, `${specifier}.ts`, join(specifier, 'index.ts')]) {
    const path = resolve(dirname(from), candidate);
    try {
      readFileSync(path);
      return path;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Every source module a file pulls in statically, with the antd components they name. */
function staticGraph(entry: string): { files: Set<string>; antd: Set<string> } {
  const files = new Set<string>();
  const antd = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const entry of staticImports(file)) {
      const [names = '', specifier = ''] = entry.split('|');
      if (specifier === 'antd')
        for (const name of names.replace(/[{}]/g, '').split(',')) if (name.trim() && !name.includes('type ')) antd.add(name.trim());
      if (!specifier.startsWith('.') || specifier.endsWith('.css') || specifier.endsWith('.json')) continue;
      const next = resolveSource(file, specifier);
      if (next) visit(next);
    }
  };
  visit(entry);
  return { files, antd };
}

describe("the list engine's chunks (ADR 0058)", () => {
  it("keeps the staff table, its dialogs and RecordValue out of what a visitor's public list loads", () => {
    const { files, antd } = staticGraph(join(ENGINE, 'schema-list.tsx'));
    const names = [...files].map((file) => file.slice(ENGINE.length + 1));
    expect(names).toContain('layouts/public-list.tsx');
    expect(names).toContain('layouts/cards-layout.tsx');
    for (const staffOnly of [
      'schema-list-table.tsx',
      'list-filter-form.tsx',
      'excel-import-dialog.tsx',
      'transition-button.tsx',
      'record-value.tsx',
      'file-list.tsx',
      // The virtualizer comes only with a page longer than the threshold.
      'layouts/window-rows.tsx',
    ])
      expect(names).not.toContain(staffOnly);
    for (const heavy of ['Table', 'Form', 'Select', 'Pagination', 'Descriptions', 'Typography', 'Modal', 'Steps', 'Upload'])
      expect([...antd]).not.toContain(heavy);
  });

  it('still draws the staff table with everything it had', () => {
    const { files, antd } = staticGraph(join(ENGINE, 'schema-list-table.tsx'));
    const names = [...files].map((file) => file.slice(ENGINE.length + 1));
    for (const part of ['list-filter-form.tsx', 'excel-import-dialog.tsx', 'transition-button.tsx', 'record-value.tsx'])
      expect(names).toContain(part);
    expect([...antd]).toEqual(expect.arrayContaining(['Table', 'Form', 'Select']));
  });
});
