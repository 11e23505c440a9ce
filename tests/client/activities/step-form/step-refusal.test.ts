import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/api/api-error';
import { classifyRefusal } from '../../../../src/client/activities/step-form/step-refusal';

const refused = (status: number, reason?: string, message = '服务器的说明') => new ApiError(message, status, status, [], reason);

describe('classifyRefusal (the server names a refusal in `reason`)', () => {
  it('reads 403 notQualified as the account problem, whatever the wording', () => {
    expect(classifyRefusal(refused(403, 'notQualified', 'Your account is not yet qualified to apply'))).toEqual({
      kind: 'account',
      problem: 'notQualified',
    });
    expect(classifyRefusal(refused(403, 'accountFrozen', '您的账号已被冻结'))).toEqual({ kind: 'account', problem: 'frozen' });
  });

  it('keeps the server message for a refusal by the window, and names which one', () => {
    expect(classifyRefusal(refused(403, 'windowClosed', '申报已截止'))).toEqual({
      kind: 'outsideWindow',
      reason: 'windowClosed',
      message: '申报已截止',
    });
    expect(classifyRefusal(refused(403, 'windowNotOpen', '申报尚未开始'))).toEqual({
      kind: 'outsideWindow',
      reason: 'windowNotOpen',
      message: '申报尚未开始',
    });
  });

  it('tells a submit elsewhere (notEditable) from a version conflict; a 409 without reason is a conflict', () => {
    expect(classifyRefusal(refused(409, 'notEditable', '申报已提交，当前不可修改'))).toEqual({
      kind: 'notEditable',
      message: '申报已提交，当前不可修改',
    });
    expect(classifyRefusal(refused(409, 'versionConflict'))).toEqual({ kind: 'conflict' });
    expect(classifyRefusal(refused(409))).toEqual({ kind: 'conflict' });
  });

  it('returns field errors of a 400, and anything else as the server said it', () => {
    const fieldError = { path: 'companyName', keyword: 'maxLength', params: {}, message: '太长了' };
    expect(classifyRefusal(new ApiError('提交的信息有误', 400, 400, [fieldError], 'validationFailed'))).toEqual({
      kind: 'invalid',
      errors: [fieldError],
    });
    expect(classifyRefusal(refused(400, 'badRequest', '请求参数有误'))).toEqual({ kind: 'other', message: '请求参数有误' });
    // A reason only counts with its status: a generic 403 is not "not qualified".
    expect(classifyRefusal(refused(403, undefined, '没有足够的权限'))).toEqual({ kind: 'other', message: '没有足够的权限' });
    expect(classifyRefusal(refused(500, 'notQualified', '服务器内部错误'))).toEqual({ kind: 'other', message: '服务器内部错误' });
  });
});
