import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_SAMPLES } from '../../../fixtures/activity-samples';
import { call, FORM, firstSave, saveOk, type Envelope } from '../../helpers/activity-fixtures';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { createLoggedInUser } from '../../helpers/test-users';

// The seeded high-tech activity names two dictionaries: tech_field (industry step) and job_title (team table).
const ACTIVITY = 'hightech-cultivation';
const sample = ACTIVITY_SAMPLES[ACTIVITY]!.valid;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Errors = Envelope<{ valid: boolean; errors: Array<{ step: string; path: string; keyword: string; message: string }> }>;

const dictErrors = (body: Errors) =>
  body.data.errors.filter((error) => error.keyword === 'x-dict').map((error) => `${error.step}:${error.path}:${error.message}`);

describe('activity values from a dictionary must be keys of it in the database', () => {
  it('validateFormData refuses an unknown key on its step and path, inside tables too', async () => {
    const user = await createLoggedInUser(t, 'dict');
    const industry = await call(t, user, 'POST', `${FORM}/validateFormData`, {
      activityId: ACTIVITY,
      step: 'industry',
      data: { ...sample['industry'], techField: '99' },
    });
    expect(dictErrors(industry.json<Errors>())).toEqual(['industry:techField:请选择有效的选项']);
    const members = [{ ...(sample['team']!['members'] as Array<Record<string, unknown>>)[0], jobTitle: 'chief' }];
    const team = await call(t, user, 'POST', `${FORM}/validateFormData`, { activityId: ACTIVITY, step: 'team', data: { members } });
    expect(dictErrors(team.json<Errors>())).toEqual(['team:members.0.jobTitle:请选择有效的选项']);
    const good = await call(t, user, 'POST', `${FORM}/validateFormData`, {
      activityId: ACTIVITY,
      step: 'industry',
      data: sample['industry'],
    });
    expect(good.json<Errors>().data).toEqual({ valid: true, errors: [] });
  });

  it('validatorData (and so submit) checks the stored application the same way', async () => {
    const user = await createLoggedInUser(t, 'dict2');
    const view = await firstSave(t, user, ACTIVITY);
    await saveOk(t, user, {
      activityId: ACTIVITY,
      step: 'industry',
      version: view.version,
      data: { ...sample['industry'], techField: '99' },
    });
    const all = await call(t, user, 'POST', `${FORM}/validatorData`, { activityId: ACTIVITY });
    expect(dictErrors(all.json<Errors>())).toEqual(['industry:techField:请选择有效的选项']);
  });
});
