import type { StudioPublication } from '../../../shared/generated/studio-publication';
import type { PublicationRow } from '../../engine/units/publication-store';

/** A stored publication as the studio answers it: for the versions list, and for a publish, rollback or retire just made (live). */
export function publicationView(row: PublicationRow, live: boolean): StudioPublication {
  return {
    id: row.id,
    version: row.version,
    action: row.action as StudioPublication['action'],
    ...(row.actorName ? { actorName: row.actorName } : {}),
    ...(row.note ? { note: row.note } : {}),
    at: row.at.toISOString(),
    live,
  };
}
