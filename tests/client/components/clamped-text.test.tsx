// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClampedText } from '../../../src/client/components/clamped-text';

const TEXT = '面向全市高新技术企业的培育计划，支持研发投入、人才引进和成果转化，申报材料包括企业基本情况、研发项目和知识产权证明。';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** happy-dom lays nothing out: the box's heights are what the browser would measure. */
function measured(scrollHeight: number, clientHeight: number): void {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
}

describe('ClampedText', () => {
  it('cuts the text to its rows by CSS from the first render, and offers nothing when it fits', () => {
    measured(66, 66);
    const { container } = render(<ClampedText text={TEXT} rows={3} expand="展开" collapse="收起" />);
    const box = container.querySelector('.kc-clamped') as HTMLElement;
    expect(box.textContent).toBe(TEXT);
    expect(screen.queryByRole('button', { name: '展开' })).toBeNull();
  });

  it('offers 展开 when the text is longer, shows it whole, and 收起 cuts it again', () => {
    measured(132, 66);
    const { container } = render(<ClampedText text={TEXT} rows={3} expand="展开" collapse="收起" />);
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(container.querySelector('.kc-clamped')).toBeNull();
    expect(screen.getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    expect(container.querySelector('.kc-clamped')).not.toBeNull();
  });
});
