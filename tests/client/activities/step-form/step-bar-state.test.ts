import { describe, expect, it } from 'vitest';
import {
  firstFailingStepIndex,
  formPathOf,
  groupErrorsByStep,
  initialStepIndex,
  stepItemStatus,
  tagWithStep,
  type StepError,
} from '../../../../src/client/activities/step-form/step-bar-state';

const KEYS = ['company', 'industry', 'projects', 'team', 'development', 'attachments'];
const error = (step: string, path: string, message = '请填写'): StepError => ({ step, path, keyword: 'required', params: {}, message });

describe('the step bar', () => {
  it('marks failing steps red, wherever the applicant is', () => {
    const failing = new Set(['industry', 'team']);
    const complete = new Set(['company', 'development']);
    const statuses = KEYS.map((key, index) => stepItemStatus(index, 2, failing.has(key), complete.has(key)));
    expect(statuses).toEqual(['finish', 'error', 'process', 'error', 'finish', 'wait']);
    // The current step with errors is red too, not merely "in progress".
    expect(stepItemStatus(1, 1, true, false)).toBe('error');
  });

  it('ticks only a step whose values pass, not every earlier one', () => {
    expect(stepItemStatus(0, 3, false, false)).toBe('wait');
    expect(stepItemStatus(0, 3, false, true)).toBe('finish');
  });
});

describe('the error jump', () => {
  it('goes to the first failing step in the manifest order, not the order of the errors', () => {
    const errors = [error('attachments', 'businessLicense'), error('industry', 'patents'), error('team', 'members.0.name')];
    expect(firstFailingStepIndex(errors, KEYS)).toBe(1);
    expect([...groupErrorsByStep(errors, KEYS).keys()]).toEqual(['industry', 'team', 'attachments']);
  });

  it('has nowhere to go without errors, and sends an unknown step to the first one', () => {
    expect(firstFailingStepIndex([], KEYS)).toBe(-1);
    expect(firstFailingStepIndex([error('gone', 'x')], KEYS)).toBe(0);
  });

  it('keeps every error of a step, and tags a client verdict with its step', () => {
    const tagged = tagWithStep('company', [
      { path: 'creditCode', keyword: 'format', params: {}, message: '统一社会信用代码格式不正确' },
      { path: 'establishedDate', keyword: 'required', params: {}, message: '请选择成立日期' },
    ]);
    expect(tagged.every((e) => e.step === 'company')).toBe(true);
    expect(groupErrorsByStep(tagged, KEYS).get('company')).toHaveLength(2);
  });

  it('addresses a field of the form that holds every step under its key', () => {
    expect(formPathOf(error('team', 'members.1.phone'))).toBe('team.members.1.phone');
    expect(formPathOf(error('attachments', ''))).toBe('attachments');
  });
});

describe('where the form opens', () => {
  const steps = KEYS.map((key) => ({
    key,
    route: key === 'team' ? 'teamInfoGroup' : key === 'industry' ? 'companyIndustryForm' : undefined,
  }));

  it('resumes at the saved step, unless the URL names another', () => {
    expect(initialStepIndex(steps, { currentStep: 'projects' })).toBe(2);
    expect(initialStepIndex(steps, { step: 'development', currentStep: 'projects' })).toBe(4);
    expect(initialStepIndex(steps, { step: 'nope', currentStep: 'projects' })).toBe(2);
    expect(initialStepIndex(steps, {})).toBe(0);
  });

  it('opens the step a route page names, and nothing for a route the activity lacks', () => {
    expect(initialStepIndex(steps, { route: 'teamInfoGroup', currentStep: 'company' })).toBe(3);
    expect(initialStepIndex(steps, { route: 'companyIndustryForm' })).toBe(1);
    expect(initialStepIndex(steps, { route: 'attachmentInfoGroup' })).toBe(-1);
  });
});
