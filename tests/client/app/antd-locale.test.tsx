// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { ConfigProvider, DatePicker } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(() => cleanup());

describe('antd zh-CN locale (STACK.md trap 6)', () => {
  it('shows a Chinese placeholder when imported from antd/es/locale', () => {
    const { container } = render(
      <ConfigProvider locale={zhCN}>
        <DatePicker />
      </ConfigProvider>,
    );
    expect(container.querySelector('input')?.getAttribute('placeholder')).toBe('请选择日期');
  });
});
