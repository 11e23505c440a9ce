// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import industrySchema from '../../../../schemas/activities/hightech-cultivation/industry.schema.json';
import teamSchema from '../../../../schemas/activities/hightech-cultivation/team.schema.json';
import { StepSubmitResult, type ResultStep } from '../../../../src/client/activities/step-form/step-submit-result';
import type { JsonSchema } from '../../../../src/shared/schema/json-schema';
import { renderWithProviders } from '../../helpers/render-with-providers';

const steps: ResultStep[] = [
  { key: 'industry', title: '技术领域与研发情况', schema: industrySchema as JsonSchema },
  { key: 'team', title: '研发团队', schema: teamSchema as JsonSchema },
];

afterEach(() => cleanup());

const renderResult = (node: React.ReactNode) => renderWithProviders(node);

describe('the submit result page (spec §8)', () => {
  it('says 提交失败 and lists each error as step, field and message, with 返回修改', () => {
    const onBack = vi.fn();
    renderResult(
      <StepSubmitResult
        locale="zh-CN"
        steps={steps}
        onBack={onBack}
        result={{
          kind: 'failed',
          errors: [
            { step: 'industry', path: 'patents', keyword: 'required', params: {}, message: '请填写知识产权清单' },
            { step: 'team', path: 'members.1.phone', keyword: 'format', params: {}, message: '请输入正确的手机号码' },
          ],
        }}
      />,
    );
    expect(screen.getByText('提交失败')).toBeTruthy();
    expect(screen.getByText(/^请核对并修改以下信息后，再重新提交/)).toBeTruthy();
    expect(screen.getByText('您的提交有以下错误')).toBeTruthy();
    const items = document.querySelectorAll('.kc-submit-error');
    expect([...items].map((item) => item.textContent)).toEqual([
      '技术领域与研发情况 · 知识产权清单：请填写知识产权清单',
      expect.stringMatching(/^研发团队 · \S+ 第2项 \S+：请输入正确的手机号码$/),
    ]);
    fireEvent.click(screen.getByRole('button', { name: '返回修改' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('shows the frozen and not-qualified variants with their actions', () => {
    const { unmount } = renderResult(
      <StepSubmitResult locale="zh-CN" steps={steps} result={{ kind: 'failed', errors: [], account: 'frozen' }} />,
    );
    expect(screen.getByText('您的账号已被冻结')).toBeTruthy();
    expect(screen.getByRole('link', { name: '立即解冻' })).toBeTruthy();
    unmount();
    renderResult(<StepSubmitResult locale="zh-CN" steps={steps} result={{ kind: 'failed', errors: [], account: 'notQualified' }} />);
    expect(screen.getByText('您的账号还未具备申报资格')).toBeTruthy();
    expect(screen.getByRole('link', { name: '立即升级' })).toBeTruthy();
    expect(screen.getByText('提交失败')).toBeTruthy();
  });

  it('shows the success with the new status and the way to the list', () => {
    renderResult(<StepSubmitResult locale="zh-CN" steps={steps} result={{ kind: 'succeeded', status: 'submitted' }} />);
    expect(screen.getByText('提交成功')).toBeTruthy();
    expect(screen.getByText(/申报状态：已提交/)).toBeTruthy();
    const link = screen.getByRole('link', { name: '查看我的申报' });
    expect(link.getAttribute('href')).toBe('/activitiesFormList');
  });

  it('speaks English in en-US', () => {
    renderResult(
      <StepSubmitResult
        locale="en-US"
        steps={steps}
        onBack={() => undefined}
        result={{
          kind: 'failed',
          errors: [
            { step: 'industry', path: 'patents', keyword: 'required', params: {}, message: 'Please list the intellectual property' },
          ],
          account: 'notQualified',
        }}
      />,
    );
    expect(screen.getByText('Submission failed')).toBeTruthy();
    expect(screen.getByText('Your submission has the following errors')).toBeTruthy();
    expect(screen.getByText('Your account is not yet qualified to apply')).toBeTruthy();
    expect(within(document.querySelector('.kc-submit-errors') as HTMLElement).getByText(/Intellectual property/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back and edit' })).toBeTruthy();
  });
});
