import { describe, expect, it } from 'vitest';
import { toActivityDefinition } from '../../../src/shared/activity/activity-definition';
import { compileActivity } from '../../../src/shared/activity/compile-activity';
import { validateApplication } from '../../../src/shared/activity/validate-application';
import type { ActivityManifestFile } from '../../../src/shared/generated/activity-manifest-file';
import { createAjv } from '../../../src/shared/schema/create-ajv';
import { miniFiles } from '../fixtures/mini-activity';

const files = miniFiles();
const compiled = compileActivity(createAjv(), toActivityDefinition(files.get('manifest.json') as ActivityManifestFile, files, 'v1'));
const valid = { basic: { name: '甲', hasPatents: true, patentCount: 2 }, team: { members: [{ name: '张三', phone: '13800138000' }] } };

describe('validateApplication', () => {
  it('accepts a complete application', () => {
    expect(validateApplication(compiled, valid, 'zh-CN')).toEqual([]);
  });

  it('names the step and path of each error, in Chinese', () => {
    const errors = validateApplication(compiled, { ...valid, team: { members: [{ name: '张三李四王五', phone: '12345' }] } }, 'zh-CN');
    expect(errors).toEqual([
      { step: 'team', path: 'members.0.name', keyword: 'maxLength', params: { limit: 5 }, message: '最多输入5个字符' },
      { step: 'team', path: 'members.0.phone', keyword: 'format', params: { format: 'mobile' }, message: '请输入正确的手机号码' },
    ]);
  });

  it('checks a step the applicant never opened, as empty', () => {
    const errors = validateApplication(compiled, { basic: valid.basic }, 'zh-CN');
    expect(errors).toEqual([
      { step: 'team', path: 'members', keyword: 'required', params: { missingProperty: 'members' }, message: '请选择' },
    ]);
  });

  it('enforces a conditionally required field at submit', () => {
    const errors = validateApplication(compiled, { ...valid, basic: { name: '甲', hasPatents: true } }, 'en-US');
    expect(errors).toEqual([
      { step: 'basic', path: 'patentCount', keyword: 'required', params: { missingProperty: 'patentCount' }, message: 'Please enter' },
    ]);
  });

  it('checks an invalid step even when only other steps were asked about by the client', () => {
    // The team step is "hidden" (not the current step), yet submit validation still reports it.
    // An empty list is not filled in (ADR 0001, issue 17): `required`, as the browser says, not minItems.
    const errors = validateApplication(compiled, { ...valid, team: { members: [] } }, 'zh-CN');
    expect(errors.map((e) => `${e.step}:${e.path}:${e.keyword}:${e.message}`)).toEqual(['team:members:required:请选择']);
  });

  it('limits to the given steps', () => {
    expect(validateApplication(compiled, {}, 'zh-CN', { steps: ['basic'] }).map((e) => e.step)).toEqual(['basic', 'basic']);
  });

  it('in draft mode refuses only unknown fields and wrong types', () => {
    const draft = { basic: { name: '超过十个字符的名称啊啊啊', extra: 1 }, team: { members: 'x' } };
    const errors = validateApplication(compiled, draft, 'zh-CN', { mode: 'draft' });
    expect(errors.map((e) => `${e.step}:${e.path}:${e.keyword}`)).toEqual(['basic:extra:additionalProperties', 'team:members:type']);
  });

  it('treats cleared fields as absent, as the browser does', () => {
    const errors = validateApplication(compiled, { ...valid, basic: { name: '', hasPatents: false } }, 'zh-CN');
    expect(errors.map((e) => `${e.path}:${e.keyword}`)).toEqual(['name:required']);
  });
});
