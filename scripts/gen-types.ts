// npm run gen:types — writes TypeScript types for every schema into src/shared/generated.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GENERATED_DIR, generateTypes } from './lib/generate-types';
import { DEFAULT_SCHEMAS_DIR } from './lib/schema-files';

const outDir = path.resolve(import.meta.dirname, '..', GENERATED_DIR);
const files = await generateTypes(DEFAULT_SCHEMAS_DIR);
await mkdir(outDir, { recursive: true });
// A schema that was removed must not leave its type behind.
for (const existing of await readdir(outDir)) {
  if (!files.has(existing)) await rm(path.join(outDir, existing));
}
for (const [name, content] of files) await writeFile(path.join(outDir, name), content);
console.log(`gen:types: ${files.size - 1} 个类型写入 ${GENERATED_DIR}`);
