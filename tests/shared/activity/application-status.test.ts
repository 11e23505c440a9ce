import { describe, expect, it } from 'vitest';
import actionSchema from '../../../schemas/api/application-action.schema.json';
import statusSchema from '../../../schemas/api/application-status.schema.json';
import {
  APPLICATION_ACTIONS,
  APPLICATION_STATUSES,
  isEditable,
  nextStatus,
  REVIEWABLE_STATUSES,
  statusLabel,
} from '../../../src/shared/activity/application-status';

describe('the application statuses: one workflow file, one API definition', () => {
  it("gives the API the workflow file's states and transitions, in its order", () => {
    expect(statusSchema.enum).toEqual([...APPLICATION_STATUSES]);
    expect(actionSchema.enum).toEqual([...APPLICATION_ACTIONS]);
  });

  it('reads the rules from the workflow file', () => {
    expect(REVIEWABLE_STATUSES).toEqual(['submitted', 'returned', 'approved', 'rejected']);
    expect(APPLICATION_STATUSES.filter(isEditable)).toEqual(['draft', 'returned']);
    expect(nextStatus('submitted', 'withdraw')).toBe('draft');
    expect(nextStatus('approved', 'withdraw')).toBeUndefined();
    expect(statusLabel('returned', 'zh-CN')).toBe('退回修改');
  });
});
