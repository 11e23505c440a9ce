import type { ApiEnvelope, Page } from '../../shared/api/envelope';
import type { RecordHistoryEntry } from '../../shared/generated/record-history-entry';
import type { RecordView } from '../../shared/generated/record-view';
import type { ResourceDefinition } from '../../shared/generated/resource-definition';
import type { ResourcePages } from '../../shared/generated/resource-pages';
import { resourceApiPath } from '../../shared/resource/resource-links';
import type { FirstScreen } from '../../shared/site/first-screen';
import { captchaIdFor } from './captcha-api';
import { http } from './http';

/** The header a visitor's write names its captcha with (the server's run-write-pipeline reads it). */
const CAPTCHA_ID_HEADER = 'x-captcha-id';

export type RecordDetail = RecordView & { history: RecordHistoryEntry[] };

/** A write's answer: the record as the server now has it, and its message for the toast. */
export interface WriteResult {
  record: RecordView;
  message: string;
}

/**
 * A definition is read again once this old: the schema studio may publish a folder's record form and
 * lists while the portal runs, and a page opened after that shows them. Failures are not kept.
 */
export const DEFINITION_TTL_MS = 60_000;
const definitions = new Map<string, { pending: Promise<ResourceDefinition>; at: number }>();
let pages: Promise<ResourcePages> | undefined;

async function unwrap<T>(request: Promise<{ data: ApiEnvelope<T> }>): Promise<{ data: T; message: string }> {
  const response = await request;
  return { data: response.data.data as T, message: response.data.msg };
}

/**
 * The one data provider of the resource pages (refine's contract, keyed by resource name) over the
 * one axios instance: the envelope is unwrapped here and nowhere else. Failures arrive as ApiError.
 */
export const dataProvider = {
  getDefinition(resource: string): Promise<ResourceDefinition> {
    const kept = definitions.get(resource);
    if (kept && Date.now() - kept.at < DEFINITION_TTL_MS) return kept.pending;
    const pending = unwrap(http.get<ApiEnvelope<ResourceDefinition>>(resourceApiPath(resource, 'definition'))).then(
      (answer) => answer.data,
    );
    pending.catch(() => {
      if (definitions.get(resource)?.pending === pending) definitions.delete(resource);
    });
    definitions.set(resource, { pending, at: Date.now() });
    return pending;
  },
  /** The answers the page arrived with (ADR 0059), kept as if they had just been asked for. */
  seed(answers: Pick<FirstScreen, 'pages' | 'definition'>): void {
    pages ??= Promise.resolve(answers.pages);
    if (answers.definition && !definitions.has(answers.definition.resource))
      definitions.set(answers.definition.resource, { pending: Promise.resolve(answers.definition.value), at: Date.now() });
  },
  /** The folders' pages at the spec's paths and the account menu's lists (resource.json pages, list accountMenu). */
  getPages(): Promise<ResourcePages> {
    if (!pages) {
      const pending = unwrap(http.get<ApiEnvelope<ResourcePages>>('/resources/pages')).then((answer) => answer.data);
      pending.catch(() => {
        if (pages === pending) pages = undefined;
      });
      pages = pending;
    }
    return pages;
  },
  async getList(resource: string, list: string, request: Record<string, unknown>): Promise<Page<RecordView>> {
    return (await unwrap(http.post<ApiEnvelope<Page<RecordView>>>(resourceApiPath(resource, `lists/${list}`), request))).data;
  },
  async getOne(resource: string, id: string): Promise<RecordDetail> {
    return (await unwrap(http.get<ApiEnvelope<RecordDetail>>(resourceApiPath(resource, 'detail'), { params: { id } }))).data;
  },
  async create(resource: string, data: Record<string, unknown>): Promise<WriteResult> {
    const captchaId = captchaIdFor(resourceApiPath(resource, 'captcha'));
    const answer = await unwrap(
      http.post<ApiEnvelope<RecordView>>(resourceApiPath(resource, 'create'), data, {
        handlesFieldErrors: true,
        ...(captchaId ? { headers: { [CAPTCHA_ID_HEADER]: captchaId } } : {}),
      }),
    );
    return { record: answer.data, message: answer.message };
  },
  async update(resource: string, id: string, version: number, data: Record<string, unknown>): Promise<WriteResult> {
    const answer = await unwrap(
      http.post<ApiEnvelope<RecordView>>(resourceApiPath(resource, 'update'), { id, version, data }, { handlesFieldErrors: true }),
    );
    return { record: answer.data, message: answer.message };
  },
  async deleteOne(resource: string, id: string, version: number): Promise<string> {
    return (await unwrap(http.post<ApiEnvelope<{ id: string }>>(resourceApiPath(resource, 'delete'), { id, version }))).message;
  },
  async transition(resource: string, name: string, id: string, version: number, note: string | undefined): Promise<WriteResult> {
    const answer = await unwrap(
      http.post<ApiEnvelope<RecordView>>(
        resourceApiPath(resource, `transitions/${name}`),
        { id, version, ...(note ? { note } : {}) },
        { silent: true },
      ),
    );
    return { record: answer.data, message: answer.message };
  },
};
