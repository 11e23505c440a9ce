// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetireUnitButton } from '../../../src/client/studio/retire-unit-button';
import { studioTextsFor } from '../../../src/client/studio/studio-texts';
import type { StudioUnit } from '../../../src/shared/generated';
import { stubMatchMedia } from '../helpers/dom-setup';
import { renderWithProviders } from '../helpers/render-with-providers';

const api = vi.hoisted(() => ({ retireUnit: vi.fn() }));
vi.mock('../../../src/client/studio/studio-api', () => api);

const texts = studioTextsFor('zh-CN');
const unitOf = (kind: StudioUnit['kind'], extra: Partial<StudioUnit> = {}): StudioUnit => ({
  kind,
  name: 'fund_kind',
  path: `dicts/fund_kind.json`,
  title: '资金类型',
  problems: [],
  files: {},
  version: 'a'.repeat(64),
  live: true,
  canPublish: true,
  ...extra,
});

beforeAll(() => stubMatchMedia());
beforeEach(() => {
  vi.clearAllMocks();
  api.retireUnit.mockResolvedValue({ publication: {}, message: '已停用' });
});
afterEach(cleanup);

describe('RetireUnitButton (ADR 0040, 0047, 0055)', () => {
  it.each([
    ['activity', texts.retireConfirmActivity],
    ['resource', texts.retireConfirmResource],
    ['form', texts.retireConfirmForm],
    ['dictionary', texts.retireConfirmDictionary],
  ] as const)('asks before retiring a live %s, saying what it does, then publishes the retirement', async (kind, confirm) => {
    const onRetired = vi.fn();
    renderWithProviders(<RetireUnitButton unit={unitOf(kind)} texts={texts} onRetired={onRetired} />);
    fireEvent.click(screen.getByRole('button', { name: texts.retire }));
    expect(await screen.findByText(confirm)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: texts.retire }).at(-1)!);
    await waitFor(() => expect(onRetired).toHaveBeenCalledTimes(1));
    expect(api.retireUnit).toHaveBeenCalledWith({ kind, name: 'fund_kind', baseVersion: 'a'.repeat(64) });
  });

  it('shows 已停用 for a retired unit, and nothing for a kind that does not retire or a unit that is not live', () => {
    const { unmount } = renderWithProviders(
      <RetireUnitButton unit={unitOf('form', { retired: true })} texts={texts} onRetired={vi.fn()} />,
    );
    expect(screen.getByText(texts.retiredTag)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderWithProviders(<RetireUnitButton unit={unitOf('site')} texts={texts} onRetired={vi.fn()} />);
    renderWithProviders(<RetireUnitButton unit={unitOf('dictionary', { live: false })} texts={texts} onRetired={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
