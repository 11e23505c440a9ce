import { createContext } from 'react';
import type { UploadTarget as UploadTargetFields } from '../../shared/generated/upload-target';

/**
 * Where the Upload widgets of a form send their files (ADR 0011): an activity's step (the StepForm
 * provides it around each step) or a resource's record form (SchemaRecordForm). The server checks
 * that the field is an Upload field of that step or record.
 */
export type UploadTarget = Omit<UploadTargetFields, 'field'> & {
  /**
   * The dotted prefix of the form's field paths that is not part of the step's data. A form that
   * holds `{[stepKey]: stepValues}` must pass the step key here, or the server is told
   * `attachments.businessLicense` instead of `businessLicense` and refuses the file (400). Omit it
   * only when the form's values are the step's or record's data itself.
   */
  pathPrefix?: string;
};

export const UploadTargetContext = createContext<UploadTarget | undefined>(undefined);

/** The field's dotted path inside the step or record (array indexes included, e.g. `groups.0.files`). */
export function uploadFieldPath(formPath: string, target: Pick<UploadTarget, 'pathPrefix'>): string {
  const prefix = target.pathPrefix;
  if (!prefix) return formPath;
  return formPath.startsWith(`${prefix}.`) ? formPath.slice(prefix.length + 1) : formPath;
}
