import { describe, expect, it } from 'vitest';
import applicationWorkflow from '../../../schemas/workflows/application.workflow.json';
import needWorkflow from '../../../schemas/resources/need/workflow.json';
import type { WorkflowFile } from '../../../src/shared/generated/workflow-file';
import { submitTransitionOf } from '../../../src/shared/resource/submit-transition-of';

describe('submitTransitionOf', () => {
  it("is the owner's transition out of the editable states: a draft's and a returned record's 提交", () => {
    expect(submitTransitionOf(applicationWorkflow as WorkflowFile, 'draft')).toBe('submit');
    expect(submitTransitionOf(applicationWorkflow as WorkflowFile, 'returned')).toBe('submit');
  });

  it('is none where the record is already sent (a need starts pending; its recall leads back to an editable state)', () => {
    expect(submitTransitionOf(needWorkflow as WorkflowFile, 'pending')).toBeUndefined();
    expect(submitTransitionOf(applicationWorkflow as WorkflowFile, 'submitted')).toBeUndefined();
  });
});
