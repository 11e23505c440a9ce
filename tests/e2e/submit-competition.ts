import type { APIRequestContext } from '@playwright/test';
import type { FileRef } from '../../src/shared/generated';
import { ACTIVITY_SAMPLES } from '../fixtures/activity-samples';
import { ensureEditable, pdf } from './activity-helpers';
import { expect } from './fixtures';

// The applicant's innovation-competition entry made through the API, for the specs that review one.

export const COMPETITION = 'innovation-competition';
export const COMPETITION_TITLE = '第十届创新创业大赛报名';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, call: string): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok() || body.code !== 0) throw new Error(`${call} failed: HTTP ${response.status()} ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * The applicant's competition entry, filled in with the valid sample and submitted through the API,
 * as the browser would: first save, a real PDF upload, each step at the version the last one
 * returned, then submit. An entry an earlier test left submitted is withdrawn first; a returned one
 * is simply submitted again. Returns the application id.
 */
export async function submitCompetition(request: APIRequestContext, token: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  await ensureEditable(request, token, COMPETITION);
  let { version } = await dataOf<{ version: number }>(
    await request.post('/api/sys/form/data/firstSaveFormData', { headers, data: { activityId: COMPETITION } }),
    'firstSaveFormData',
  );
  const file = pdf('商业计划书.pdf');
  const ref = await dataOf<FileRef>(
    // The fields name the target before the file arrives (the server sizes the limit from them).
    await request.post('/api/sys/form/data/attachment/upload', {
      headers,
      multipart: { activityId: COMPETITION, step: 'attachments', field: 'groups.0.files', file },
    }),
    'attachment upload',
  );
  const sample = structuredClone(ACTIVITY_SAMPLES[COMPETITION]?.valid ?? {});
  const steps: Record<string, Record<string, unknown>> = {
    ...sample,
    attachments: { groups: [{ category: 'businessPlan', files: [ref] }] },
  };
  for (const step of ['project', 'team', 'attachments']) {
    const saved = await dataOf<{ version: number }>(
      await request.post('/api/sys/form/data/saveOrUpdate', {
        headers,
        data: { activityId: COMPETITION, step, version, data: steps[step] },
      }),
      `save ${step}`,
    );
    version = saved.version;
  }
  const submitted = await dataOf<{ id: string; status: string }>(
    await request.post('/api/sys/form/data/submitData', { headers, data: { activityId: COMPETITION, version } }),
    'submitData',
  );
  expect(submitted.status).toBe('submitted');
  return submitted.id;
}
