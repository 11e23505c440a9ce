import type { ValidateFunction } from 'ajv';
import dictMetaSchema from '../../../schemas/meta/dict.schema.json';
import type { DictFile } from '../generated/dict-file';
import { authoringMessage } from './authoring-message';
import type { SchemaProblem } from './check-schema';
import { createAjv } from './create-ajv';

let validate: ValidateFunction<DictFile> | undefined;

/**
 * What the meta-schema cannot say of a dictionary: each key once (a record stores the key, so two
 * items with one key would give one value two labels), and labels that are not blank. Each problem
 * is placed on its item, in Chinese and English, so the studio shows it on the row (ADR 0046).
 */
function itemProblems(file: DictFile): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const firstIndex = new Map<string, number>();
  file.items.forEach((item, index) => {
    const seen = firstIndex.get(item.dictKey);
    if (seen === undefined) firstIndex.set(item.dictKey, index);
    else
      problems.push({
        pointer: `/items/${index}/dictKey`,
        message: `字典项的取值 "${item.dictKey}" 重复，第 ${seen + 1} 项已使用（Duplicate key "${item.dictKey}": item ${seen + 1} already uses it）`,
      });
    if (item.dictKey.trim() !== item.dictKey)
      problems.push({
        pointer: `/items/${index}/dictKey`,
        message: `字典项的取值不能以空格开头或结尾（A key may not start or end with a space）`,
      });
    if (item.dictValue.trim() === '')
      problems.push({ pointer: `/items/${index}/dictValue`, message: '字典项的中文名称不能为空（The Chinese label may not be blank）' });
    if (item.dictValueEn !== undefined && item.dictValueEn.trim() === '')
      problems.push({
        pointer: `/items/${index}/dictValueEn`,
        message: '字典项的英文名称不能只有空格，不需要时请删除（The English label may not be blank; leave it out instead）',
      });
  });
  return problems;
}

/**
 * Every problem in one dictionary file against schemas/meta/dict.schema.json and the rules on its
 * items, worded as schemas:check words them; the checker, the server's seeding and the studio's
 * dictionary unit share it. With `code`, the file's own code must be it (the file's name).
 */
export function checkDictFile(value: unknown, code?: string): SchemaProblem[] {
  validate ??= createAjv().compile<DictFile>(dictMetaSchema);
  if (!validate(value)) return (validate.errors ?? []).map((error) => ({ pointer: error.instancePath, message: authoringMessage(error) }));
  const problems = itemProblems(value);
  if (code !== undefined && value.code !== code)
    problems.unshift({
      pointer: '/code',
      message: `字典编码 "${value.code}" 应与文件名一致（${code}.json）（The code must be the file's name, ${code}）`,
    });
  return problems;
}
