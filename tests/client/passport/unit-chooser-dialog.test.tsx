// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserUnit } from '../../../src/shared/generated/user-unit';
import { setLocale } from '../../../src/client/i18n/locale-store';
import { UnitChooserDialog } from '../../../src/client/passport/unit-chooser-dialog';
import { stubMatchMedia } from '../helpers/dom-setup';

const UNITS: UserUnit[] = [
  { id: '00000000-0000-4000-8000-000000000001', name: '星河智能科技有限公司', current: false },
  { id: '00000000-0000-4000-8000-000000000002', name: '星河智能（深圳）研究院有限公司', current: true },
];

beforeAll(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  setLocale('zh-CN');
});

describe('the unit chooser after a login (issue 31)', () => {
  it('cannot be dismissed: no close button, Escape and the mask leave it open', async () => {
    const user = userEvent.setup();
    render(<UnitChooserDialog units={UNITS} choose={async () => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('请选择当前单位');
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    await user.keyboard('{Escape}');
    const mask = document.querySelector<HTMLElement>('.ant-modal-wrap');
    if (mask) await user.click(mask);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('preselects the unit chosen last time and chooses with the keyboard alone', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(
      <UnitChooserDialog
        units={UNITS}
        choose={async (unit) => {
          chosen.push(unit.name);
        }}
      />,
    );
    const group = await screen.findByRole('radiogroup', { name: '请选择当前单位' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, true]);
    expect(group).toBeTruthy();
    // Focus the first unit, take it with Space, then Tab to 确定 and press Enter.
    radios[0]?.focus();
    await user.keyboard(' ');
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    await user.tab();
    expect(document.activeElement?.textContent).toMatch(/确\s*定/);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(chosen).toEqual(['星河智能科技有限公司']));
  });

  it('speaks English in en-US', async () => {
    setLocale('en-US');
    render(<UnitChooserDialog units={UNITS} choose={async () => undefined} />);
    expect((await screen.findByRole('dialog')).textContent).toContain('Choose your unit');
  });
});
