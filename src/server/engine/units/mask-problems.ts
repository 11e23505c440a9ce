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
