import type { ErrorObject } from 'ajv';

/**
 * Chinese wording of an ajv error about a schema file, for content administrators. Unlike user-facing
 * messages these may name keywords and patterns: the reader is editing the schema.
 */
export function authoringMessage(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `类型应为 ${String(p['type'])}`;
    case 'enum':
      return `取值应为以下之一：${(p['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join('、')}`;
    case 'const':
      return `取值应为 ${JSON.stringify(p['allowedValue'])}`;
    case 'pattern':
      return `不符合格式要求 ${String(p['pattern'])}`;
    case 'format':
      return `不符合 ${String(p['format'])} 格式`;
    case 'required':
      return `缺少必填属性 "${String(p['missingProperty'])}"`;
    case 'additionalProperties':
      return `不允许的属性 "${String(p['additionalProperty'])}"`;
    case 'propertyNames':
      return `属性名 "${String(p['propertyName'])}" 不被支持`;
    case 'minLength':
      return `长度不能小于 ${String(p['limit'])}`;
    case 'maxLength':
      return `长度不能大于 ${String(p['limit'])}`;
    case 'minimum':
      return `不能小于 ${String(p['limit'])}`;
    case 'maximum':
      return `不能大于 ${String(p['limit'])}`;
    case 'minItems':
      return `至少需要 ${String(p['limit'])} 项`;
    case 'maxItems':
      return `最多 ${String(p['limit'])} 项`;
    case 'uniqueItems':
      return '数组中不能有重复项';
    case 'oneOf':
    case 'anyOf':
      return '取值不符合任何一种允许的写法';
    default:
      return error.message ?? '取值不合法';
  }
}
