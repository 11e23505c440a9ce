// npm run schemas:check — reports every bad schema file with its JSON pointer and a Chinese message.
import path from 'node:path';
import { checkSchemaTree, formatProblem } from './lib/check-schema-tree';
import { DEFAULT_SCHEMAS_DIR } from './lib/schema-files';

const dir = process.argv[2] ? path.resolve(process.argv[2]) : (process.env['SCHEMAS_DIR'] ? path.resolve(process.env['SCHEMAS_DIR']) : DEFAULT_SCHEMAS_DIR);
const problems = await checkSchemaTree(dir);
if (problems.length === 0) {
  console.log(`schemas:check 通过：${dir} 中的 schema 文件全部合法。`);
} else {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`\nschemas:check 发现 ${problems.length} 个问题。`);
  process.exitCode = 1;
}
