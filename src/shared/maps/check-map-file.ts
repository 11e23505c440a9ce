import type { ValidateFunction } from 'ajv';
import mapMetaSchema from '../../../schemas/meta/map.schema.json';
import { authoringMessage } from '../schema/authoring-message';
import { createAjv } from '../schema/create-ajv';

export const MAP_FILE_PATTERN = /^maps\/([a-z][a-z0-9-]{0,63})\.geo\.json$/;

let validateMap: ValidateFunction | undefined;

/**
 * The problems of one district map (schemas/maps/<name>.geo.json) as `schemas:check` and the
 * server's start report them: GeoJSON districts, each with a key and a name, no key twice.
 */
export function checkMapFile(value: unknown): { pointer: string; message: string }[] {
  validateMap ??= createAjv().compile(mapMetaSchema);
  if (!validateMap(value))
    return (validateMap.errors ?? []).map((error) => ({ pointer: error.instancePath, message: authoringMessage(error) }));
  const keys = (value as { features: { properties: { key: string } }[] }).features.map((feature) => feature.properties.key);
  return keys.flatMap((key, index) =>
    keys.indexOf(key) === index ? [] : [{ pointer: `/features/${index}/properties/key`, message: `区划 "${key}" 重复` }],
  );
}
