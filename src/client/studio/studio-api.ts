import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type {
  StudioCheckResult,
  StudioCreateRequest,
  StudioImpactReport,
  StudioPublication,
  StudioRetireRequest,
  StudioUnit,
  StudioUnitQuery,
  StudioUnitSummary,
} from '../../shared/generated';
import { forgetDictOptions } from '../api/dict-api';
import { http } from '../api/http';
import { forgetDictCatalogue } from './designer/dict-catalogue';

export type StudioFiles = Record<string, string>;

/** The generated type allows a missing value (an index signature); the server always sends text. */
export function asStudioFiles(files: Readonly<Record<string, string | undefined>>): StudioFiles {
  return Object.fromEntries(Object.entries(files).map(([name, text]) => [name, text ?? '']));
}

function dataOf<T>(envelope: ApiEnvelope<T>, call: string): T {
  if (envelope.data === undefined) throw new Error(`${call}: the response carries no data`);
  return envelope.data;
}

export async function fetchStudioUnits(): Promise<StudioUnitSummary[]> {
  return dataOf((await http.get<ApiEnvelope<StudioUnitSummary[]>>(ENDPOINTS.studioUnits)).data, 'studio units');
}

export async function fetchStudioUnit(unit: StudioUnitQuery): Promise<StudioUnit> {
  return dataOf((await http.get<ApiEnvelope<StudioUnit>>(ENDPOINTS.studioUnit, { params: unit })).data, 'studio unit');
}

/** Silent: a failed check as the author types shows in the editor's status, not as a toast per key. */
export async function checkStudioUnit(unit: StudioUnitQuery, files: StudioFiles): Promise<StudioCheckResult> {
  return dataOf(
    (await http.post<ApiEnvelope<StudioCheckResult>>(ENDPOINTS.studioCheck, { ...unit, files }, { silent: true })).data,
    'studio check',
  );
}

export async function fetchImpact(unit: StudioUnitQuery, files: StudioFiles): Promise<StudioImpactReport> {
  return dataOf((await http.post<ApiEnvelope<StudioImpactReport>>(ENDPOINTS.studioImpact, { ...unit, files })).data, 'studio impact');
}

export async function fetchVersions(unit: StudioUnitQuery): Promise<StudioPublication[]> {
  return dataOf((await http.get<ApiEnvelope<StudioPublication[]>>(ENDPOINTS.studioVersions, { params: unit })).data, 'studio versions');
}

/** After a dictionary's publication, rollback or creation this page's loaded dictionaries are stale: forms and the designer read them again. */
function afterDictionaryChange(kind: StudioUnitQuery['kind']): void {
  if (kind !== 'dictionary') return;
  forgetDictOptions();
  forgetDictCatalogue();
}

export async function publishUnit(
  unit: StudioUnitQuery,
  body: { files: StudioFiles; baseVersion: string; drafts: 'keep' | 'move'; note?: string },
): Promise<{ publication: StudioPublication; message: string }> {
  const envelope = (await http.post<ApiEnvelope<StudioPublication>>(ENDPOINTS.studioPublish, { ...unit, ...body })).data;
  afterDictionaryChange(unit.kind);
  return { publication: dataOf(envelope, 'studio publish'), message: envelope.msg };
}

export async function rollbackUnit(
  unit: StudioUnitQuery,
  body: { publicationId: number; baseVersion: string },
): Promise<{ publication: StudioPublication; message: string }> {
  const envelope = (await http.post<ApiEnvelope<StudioPublication>>(ENDPOINTS.studioRollback, { ...unit, ...body })).data;
  afterDictionaryChange(unit.kind);
  return { publication: dataOf(envelope, 'studio rollback'), message: envelope.msg };
}

/** A new activity or form (ADR 0040): the server answers it opened, as GET studio/unit would. */
export async function createUnit(body: StudioCreateRequest): Promise<{ unit: StudioUnit; message: string }> {
  const envelope = (await http.post<ApiEnvelope<StudioUnit>>(ENDPOINTS.studioCreate, body)).data;
  afterDictionaryChange(body.kind);
  return { unit: dataOf(envelope, 'studio create'), message: envelope.msg };
}

/** Retires a live activity, record type, form or dictionary (ADR 0040, 0047, 0055): a publication with its kind's retired mark. */
export async function retireUnit(body: StudioRetireRequest): Promise<{ publication: StudioPublication; message: string }> {
  const envelope = (await http.post<ApiEnvelope<StudioPublication>>(ENDPOINTS.studioRetire, body)).data;
  afterDictionaryChange(body.kind);
  return { publication: dataOf(envelope, 'studio retire'), message: envelope.msg };
}
