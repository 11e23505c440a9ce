import type { MaskName } from '../../../shared/rules/mask';

const WIDER_MASK =
  '会让原来只看到脱敏号码的人看到完整（或更多位）号码，不能在线发布：在线只能新增脱敏；去掉或更换脱敏方式请在文件中修改，经评审后重启门户';

/**
 * Why a publication may not change a field's x-mask, per field (ADR 0045). Masking is read from the
 * live folder at every request, so a new mask is live: it shows less (a narrowing). Removing a mask, or
 * changing its kind (the idNumber mask of an 11-digit phone number shows ten of its digits), shows
 * numbers to people who saw them masked: refused as a widening, like a list's readers (ADR 0042).
 */
export function maskProblems(live: readonly [string, MaskName][], candidate: readonly [string, MaskName][]): [string, string][] {
  const after = new Map(candidate);
  const problems: [string, string][] = [];
  for (const [field, mask] of live) {
    const now = after.get(field);
    if (now === undefined) problems.push([field, `去掉字段 ${field} 的 x-mask ${WIDER_MASK}`]);
    else if (now !== mask) problems.push([field, `把字段 ${field} 的 x-mask 从 "${mask}" 改为 "${now}" ${WIDER_MASK}`]);
  }
  return problems;
}

/** A folder's fields (and table columns, as "table[].column") sealed but not masked: its x-personal ones. */
function personalOnly(resource: PersonalShape): Map<string, MaskName> {
  const masked = new Set([
    ...resource.maskedFields.map(([field]) => field),
    ...resource.maskedColumns.map(([table, column]) => `${table}[].${column}`),
  ]);
  const sealed: [string, MaskName][] = [
    ...resource.sealedFields,
    ...resource.sealedColumns.map(([table, column, kind]): [string, MaskName] => [`${table}[].${column}`, kind]),
  ];
  return new Map(sealed.filter(([path]) => !masked.has(path)));
}

interface PersonalShape {
  maskedFields: readonly [string, MaskName][];
  maskedColumns: readonly [string, string, MaskName][];
  sealedFields: readonly [string, MaskName][];
  sealedColumns: readonly [string, string, MaskName][];
}

/**
 * Why a publication may not change a field's x-personal (ADR 0072): it decides how the stored values are
 * kept (sealed or clear) and found (blind index or value). The records already stored are sealed at the
 * portal's start, so an addition goes through the files and a restart (a publication would leave them out of
 * the exact-match and uniqueness checks until then); nothing opens them back to clear, so a removal is refused.
 */
export function personalProblems(live: PersonalShape, candidate: PersonalShape): [string, string][] {
  const before = personalOnly(live);
  const after = personalOnly(candidate);
  const problems: [string, string][] = [];
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(path) === after.get(path)) continue;
    const field = path.split('[].')[0] ?? path;
    problems.push([
      field,
      `字段 ${path} 的 x-personal（加密存储）不能在线修改：新增请在文件中修改后重启门户（重启时已存的记录随之加密）；已加密存储的字段不能去掉 x-personal`,
    ]);
  }
  return problems;
}
