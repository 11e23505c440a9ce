import type { JsonSchema } from '../../../shared/schema/json-schema';

/** The query string of a GET alias (start-up and live ones alike): the id, and the version as digits (a query string has no numbers). */
export const GET_ALIAS_QUERY: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: { type: 'string', format: 'uuid', title: '记录编号' },
    version: { type: 'string', pattern: '^[1-9][0-9]{0,8}$', title: '版本号' },
  },
};
