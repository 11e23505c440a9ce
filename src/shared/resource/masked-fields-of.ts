import { MASKS, type MaskName } from '../rules/mask';
import type { JsonSchema } from '../schema/json-schema';

/** A record's top-level fields shown masked (x-mask, SECURITY R35), with their mask. */
export function maskedFieldsOf(record: JsonSchema): [string, MaskName][] {
  return Object.entries(record.properties ?? {}).flatMap(([field, node]) => {
    const mask = node['x-mask'];
    return typeof mask === 'string' && Object.hasOwn(MASKS, mask) ? [[field, mask as MaskName] as [string, MaskName]] : [];
  });
}

/** Whether a value reads as masked: masking it again changes nothing (an owner's full number would change). */
export function isShownMasked(mask: MaskName, value: unknown): boolean {
  return typeof value === 'string' && value !== '' && MASKS[mask](value) === value;
}
