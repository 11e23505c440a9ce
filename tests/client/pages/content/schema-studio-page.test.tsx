// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import SchemaStudioPage from '../../../../src/client/pages/content/schema-studio-page';
import { checkStudioUnit, fetchStudioUnit, fetchStudioUnits, fetchVersions } from '../../../../src/client/studio/studio-api';
import type { JsonEditorProps } from '../../../../src/client/studio/json-editor';
import type { StudioUnit, StudioUnitSummary } from '../../../../src/shared/generated';
import { stubMatchMedia } from '../../helpers/dom-setup';
import { renderWithProviders } from '../../helpers/render-with-providers';

vi.mock('../../../../src/client/studio/studio-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../src/client/studio/studio-api')>()),
  fetchStudioUnits: vi.fn(),
  fetchStudioUnit: vi.fn(),
  fetchVersions: vi.fn(),
  checkStudioUnit: vi.fn(),
  fetchImpact: vi.fn(),
  publishUnit: vi.fn(),
  rollbackUnit: vi.fn(),
}));
// CodeMirror needs a layout happy-dom does not have: a textarea that says what the page passed it.
vi.mock('../../../../src/client/studio/json-editor', () => ({
  JsonEditor: ({ value, label, readOnly }: JsonEditorProps) => (
    <textarea aria-label={label} readOnly={readOnly} value={value} onChange={() => undefined} />
  ),
}));

const RECORD = '{ "type": "object" }';

const summary = (kind: StudioUnitSummary['kind'], name: string, canPublish: boolean): StudioUnitSummary => ({
  kind,
  name,
  path: kind === 'resource' ? `resources/${name}` : `activities/${name}`,
  title: name,
  problems: [],
  version: 'a'.repeat(64),
  canPublish,
});

const unitOf = (entry: StudioUnitSummary): StudioUnit => ({
  kind: entry.kind,
  name: entry.name,
  path: entry.path,
  title: entry.title,
  problems: [],
  files: { 'record.schema.json': RECORD },
  version: 'a'.repeat(64),
  live: true,
  canPublish: entry.canPublish,
});

const UNITS = [summary('activity', 'tiny-grant', true), summary('resource', 'credit', false)];

beforeAll(() => stubMatchMedia());
beforeEach(() => {
  vi.mocked(fetchStudioUnits).mockResolvedValue(UNITS);
  vi.mocked(fetchStudioUnit).mockImplementation((query) => {
    const found = UNITS.find((entry) => entry.kind === query.kind && entry.name === query.name);
    return found ? Promise.resolve(unitOf(found)) : Promise.reject(new Error('no such unit'));
  });
  vi.mocked(fetchVersions).mockResolvedValue([
    { id: 2, version: 'b'.repeat(64), action: 'publish', at: '2026-03-02T01:00:00.000Z', live: true },
    { id: 1, version: 'a'.repeat(64), action: 'baseline', at: '2026-03-01T01:00:00.000Z', live: false },
  ]);
  vi.mocked(checkStudioUnit).mockResolvedValue({ problems: [] });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the schema studio page: who may author what (ADR 0041)', () => {
  it('opens a unit the caller may not publish read-only, with the note, and no impact, publish or rollback', async () => {
    renderWithProviders(<SchemaStudioPage />, { path: '/content/studio?kind=resource&name=credit' });
    expect(await screen.findByText(/只读：你的角色可以查看这个单元的文件和预览/)).toBeTruthy();
    const editor = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'record.schema.json 的 JSON 内容' });
    expect(editor.readOnly).toBe(true);
    // The versions are listed, with no rollback beside the earlier one.
    await screen.findByText(/首次发布前的版本/);
    expect(screen.queryByRole('button', { name: '发布' })).toBeNull();
    expect(screen.queryByRole('button', { name: '影响分析' })).toBeNull();
    expect(screen.queryByRole('button', { name: '回滚到此版本' })).toBeNull();
  });

  it('opens a unit the caller may publish for editing, with publish and rollback', async () => {
    renderWithProviders(<SchemaStudioPage />, { path: '/content/studio?kind=activity&name=tiny-grant' });
    // A form schema opens in the visual designer; its JSON is one switch away, and editable.
    fireEvent.click(await screen.findByText('JSON', { selector: '.ant-segmented-item-label' }));
    const editor = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'record.schema.json 的 JSON 内容' });
    expect(editor.readOnly).toBe(false);
    await waitFor(() => expect(screen.getByRole('button', { name: '发布' })).toBeTruthy());
    expect(screen.getByRole('button', { name: '回滚到此版本' })).toBeTruthy();
    expect(screen.queryByText(/只读：/)).toBeNull();
  });
});
