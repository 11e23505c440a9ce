/** A step schema's `$id`, which names its activity folder and file (checked by check-activity-folder.ts). */
export function stepSchemaId(activityId: string, key: string): string {
  return `https://schemas.kechuang.local/activities/${activityId}/${key}.schema.json`;
}
