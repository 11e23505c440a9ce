// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { designerTextsFor } from '../../../../src/client/studio/designer/designer-texts';
import type { DictCatalogueEntry } from '../../../../src/client/studio/designer/dict-catalogue';
import { FieldOptionsEditor } from '../../../../src/client/studio/designer/field-options-editor';
import type { JsonSchema } from '../../../../src/shared/schema/json-schema';
import { stubMatchMedia } from '../../helpers/dom-setup';
import { renderWithProviders } from '../../helpers/render-with-providers';

const texts = designerTextsFor('zh-CN');
const DICTS: DictCatalogueEntry[] = [
  { code: 'fund_kind', name: '资金类型', retired: true, items: [{ dictKey: 'grant', dictValue: '资助' }] },
  { code: 'need_type', name: '需求类型', items: [{ dictKey: 'tech', dictValue: '技术需求' }] },
];

/** The editor over one field; `edited` is the field after the editor's last change. */
function renderEditor(field: JsonSchema) {
  let edited = structuredClone(field);
  const edit = vi.fn((change: (target: JsonSchema) => void) => {
    edited = structuredClone(edited);
    change(edited);
  });
  renderWithProviders(<FieldOptionsEditor field={field} idPrefix="f" dicts={DICTS} texts={texts} edit={edit} />);
  return { edited: () => edited, edit };
}

beforeAll(() => stubMatchMedia());
afterEach(cleanup);

describe('FieldOptionsEditor and retired dictionaries (ADR 0055)', () => {
  it('switching to a dictionary takes the first one in use, not a retired one', async () => {
    const { edited } = renderEditor({ type: 'string', title: '类型', enum: ['a'], 'x-enum-labels': ['甲'] });
    fireEvent.click(screen.getByRole('radio', { name: texts.optionsDict }));
    await waitFor(() => expect(edited()['x-dict']).toBe('need_type'));
  });

  it('names a field’s retired dictionary as retired and does not offer it to be chosen', async () => {
    const { edit } = renderEditor({ type: 'string', title: '类型', 'x-dict': 'fund_kind' });
    expect(screen.getAllByText('资金类型（fund_kind，已停用）').length).toBeGreaterThan(0);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const retired = (await screen.findAllByText('资金类型（fund_kind，已停用）')).map((node) => node.closest('.ant-select-item-option'));
    expect(retired.some((option) => option?.classList.contains('ant-select-item-option-disabled'))).toBe(true);
    fireEvent.click(await screen.findByText('需求类型（need_type）'));
    expect(edit).toHaveBeenCalledTimes(1);
  });
});
