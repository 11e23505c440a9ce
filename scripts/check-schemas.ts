// npm run schemas:check — reports every bad schema file with its JSON pointer and a Chinese message.
// With --impact, also the studio's impact report against the database (DATABASE_URL or the embedded one).
import path from 'node:path';
import { loadConfig } from '../src/server/config/server-config';
import { openDatabase } from '../src/server/db/open-database';
import { checkSchemaTree, formatProblem } from './lib/check-schema-tree';
import { impactFromCli } from './lib/impact-from-cli';
import { DEFAULT_SCHEMAS_DIR } from './lib/schema-files';

const args = process.argv.slice(2);
const impact = args.includes('--impact');
const dirArg = args.find((arg) => !arg.startsWith('--'));
const dir = dirArg ? path.resolve(dirArg) : process.env['SCHEMAS_DIR'] ? path.resolve(process.env['SCHEMAS_DIR']) : DEFAULT_SCHEMAS_DIR;
const problems = await checkSchemaTree(dir);
if (problems.length === 0) {
  console.log(`schemas:check 通过：${dir} 中的 schema 文件全部合法。`);
} else {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`\nschemas:check 发现 ${problems.length} 个问题。`);
  process.exitCode = 1;
}

if (impact) {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    let failing = 0;
    const BASELINES = {
      publication: '数据库中最近发布的版本',
      git: 'git HEAD 中的版本',
      none: '（没有可比较的上一版本，按新版本直接校验）',
    } as const;
    for (const { unit, baseline, report } of await impactFromCli(database, dir)) {
      if (!report) continue;
      failing += report.failing;
      const counts = report.byStatus.map((entry) => `${entry.status} ${entry.failing}/${entry.checked}`).join('，') || '没有已保存的记录';
      console.log(
        `\n影响分析 ${unit}（对比：${BASELINES[baseline]}）：检查 ${report.checked} 条，${report.failing} 条会不再通过（${counts}）`,
      );
      for (const item of report.items) {
        for (const error of item.errors)
          console.log(`  ${item.id} [${item.status}] ${error.step ? `${error.step}.` : ''}${error.path}: ${error.message}`);
      }
      if (report.truncated) console.log('  ……只列出前 200 条');
    }
    // Broken records are news, not a failed check: the exit code stays the check's own.
    console.log(`\n影响分析完成：共 ${failing} 条记录受影响。`);
  } finally {
    await database.close();
  }
}
