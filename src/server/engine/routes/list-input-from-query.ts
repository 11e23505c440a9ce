import type { FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { isUnsafeNumber } from '../../lib/find-input-problems';

/**
 * A query string's texts as the numbers and booleans the list request's schema declares (a query string has no types).
 * Digits beyond ±2^53 − 1 stay text, which the schema then refuses (400): as a number they would be rounded to
 * another value, as the input guard refuses in a body (issue 34).
 */
export function typedQuery(query: Record<string, unknown>, properties: Readonly<Record<string, JsonSchema>>): Record<string, unknown> {
  const typed: Record<string, unknown> = { ...query };
  for (const [field, text] of Object.entries(typed)) {
    const type = properties[field]?.type;
    if (typeof text !== 'string') continue;
    if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text) && !isUnsafeNumber(Number(text)))
      typed[field] = Number(text);
    if (type === 'boolean' && (text === 'true' || text === 'false')) typed[field] = text === 'true';
  }
  return typed;
}

/**
 * A POST list alias's request: the query merged under the body. Only an object merges with the query;
 * anything else (true, 5, "", []) goes to the schema as it is and is refused there, rather than read
 * as an empty request.
 */
export function mergedListBody(query: Record<string, unknown>, sent: unknown): unknown {
  if (sent === undefined || sent === null) return query;
  if (typeof sent === 'object' && !Array.isArray(sent)) return { ...query, ...(sent as Record<string, unknown>) };
  return sent;
}

/**
 * A list alias takes its page and filters from the query string too (spec queryOrgByOrgName: orgName
 * in the query; queryUserByOrgId is a GET): the query's texts become the numbers and booleans the
 * live list's request schema declares, and the body, when there is one, wins.
 */
export function listInputFromQuery(propertiesOf: () => Readonly<Record<string, JsonSchema>>, method: 'GET' | 'POST') {
  return async (request: FastifyRequest): Promise<void> => {
    const query = typedQuery(request.query as Record<string, unknown>, propertiesOf());
    if (method === 'GET') request.query = query;
    else request.body = mergedListBody(query, request.body);
  };
}
