import { describe, expect, it } from 'vitest';
import { newErrors } from '../../../../src/server/modules/studio/impact-report';
import type { StepFieldError } from '../../../../src/shared/generated/step-field-error';

function error(
  step: string,
  path: string,
  keyword: string,
  message = `${path} ${keyword}`,
  params: StepFieldError['params'] = {},
): StepFieldError {
  return { step, path, keyword, message, params };
}

describe('newErrors', () => {
  it('returns the errors only the candidate has', () => {
    const before = [error('basic', 'title', 'required')];
    const added = error('basic', 'budget', 'maximum', '不能大于 100', { limit: 100 });
    expect(newErrors(before, [error('basic', 'title', 'required'), added])).toEqual([added]);
  });

  it('drops an error both versions have, whatever its message or params', () => {
    const before = [error('basic', 'title', 'maxLength', '最多 50 个字', { limit: 50 })];
    const after = [error('basic', 'title', 'maxLength', '最多 20 个字', { limit: 20 })];
    expect(newErrors(before, after)).toEqual([]);
  });

  it('counts the same path with a different keyword as new', () => {
    const added = error('basic', 'title', 'maxLength');
    expect(newErrors([error('basic', 'title', 'required')], [added])).toEqual([added]);
  });

  it('counts the same path and keyword in another step as new', () => {
    const added = error('budget', 'title', 'required');
    expect(newErrors([error('basic', 'title', 'required')], [added])).toEqual([added]);
  });

  it('does not confuse keys that only join alike', () => {
    const added = error('a', 'b.c', 'required');
    expect(newErrors([error('a.b', 'c', 'required')], [added])).toEqual([added]);
  });

  it('ignores errors the change fixes, and keeps the order of the new ones', () => {
    const first = error('basic', 'members.0.name', 'required');
    const second = error('basic', 'members.1.name', 'required');
    expect(newErrors([error('basic', 'title', 'required')], [first, second])).toEqual([first, second]);
    expect(newErrors([first, second], [])).toEqual([]);
    expect(newErrors([], [])).toEqual([]);
  });
});
