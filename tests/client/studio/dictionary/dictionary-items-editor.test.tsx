// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StudioFileEditor } from '../../../../src/client/studio/studio-file-editor';
import type { StudioFiles } from '../../../../src/client/studio/studio-api';
import { stubMatchMedia } from '../../helpers/dom-setup';
import { renderWithProviders } from '../../helpers/render-with-providers';

const FILE = 'fund_kind.json';
const START = `${JSON.stringify(
  {
    code: 'fund_kind',
    name: '资金类型',
    items: [
      { dictKey: 'grant', dictValue: '资助', dictValueEn: 'Grant' },
      { dictKey: 'loan', dictValue: '贷款' },
    ],
  },
  null,
  2,
)}\n`;

/** The studio's file editor on a dictionary, holding its files as the studio page does; `seen` gets each text it writes. */
function Harness({ seen, problems = [] }: { seen: string[]; problems?: { pointer: string; message: string }[] }) {
  const [files, setFiles] = useState<StudioFiles>({ [FILE]: START });
  return (
    <>
      {/* What the JSON editor does on a change: the unit's files get the new text. */}
      <button type="button" onClick={() => setFiles({ [FILE]: START.replace('贷款', '低息贷款') })}>
        edit the text
      </button>
      <StudioFileEditor
        kind="dictionary"
        file={FILE}
        files={files}
        onFilesChange={(next) => {
          seen.push(next[FILE] ?? '');
          setFiles(next);
        }}
        onOpenFile={() => undefined}
        problems={problems}
        label={FILE}
      />
    </>
  );
}

const itemsOf = (text: string | undefined) => (JSON.parse(text ?? '{}') as { items: unknown[] }).items;

beforeAll(() => stubMatchMedia());
afterEach(cleanup);

describe('the dictionary items editor (ADR 0046)', () => {
  it('adds an item, labels it in both languages, moves it up by its button and removes one, writing the JSON text each time', async () => {
    const seen: string[] = [];
    renderWithProviders(<Harness seen={seen} />);
    fireEvent.click(screen.getByRole('button', { name: /添加字典项/ }));
    fireEvent.change(screen.getByLabelText('第 3 项的取值'), { target: { value: 'equity' } });
    fireEvent.change(screen.getByLabelText('第 3 项的中文名称'), { target: { value: '股权投资' } });
    fireEvent.change(screen.getByLabelText('第 3 项的英文名称（可选）'), { target: { value: 'Equity' } });
    fireEvent.click(screen.getByRole('button', { name: '上移第 3 项' }));
    expect(itemsOf(seen.at(-1))).toEqual([
      { dictKey: 'grant', dictValue: '资助', dictValueEn: 'Grant' },
      { dictKey: 'equity', dictValue: '股权投资', dictValueEn: 'Equity' },
      { dictKey: 'loan', dictValue: '贷款' },
    ]);
    expect(await screen.findByText('已把第 3 项移到第 2 项')).toBeTruthy();
    // The first item cannot go up, the last cannot go down.
    expect(screen.getByRole('button', { name: '上移第 1 项' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: '下移第 3 项' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '删除第 1 项' }));
    // Emptying the English label leaves it out (it is optional).
    fireEvent.change(screen.getByLabelText('第 1 项的英文名称（可选）'), { target: { value: '' } });
    const last = seen.at(-1) ?? '';
    expect(itemsOf(last)).toEqual([
      { dictKey: 'equity', dictValue: '股权投资' },
      { dictKey: 'loan', dictValue: '贷款' },
    ]);
    // Written as the studio writes JSON (two spaces, a final newline), the rest of the file kept.
    expect(last).toBe(`${JSON.stringify({ code: 'fund_kind', name: '资金类型', items: itemsOf(last) }, null, 2)}\n`);
  });

  it('is kept in step with the text: a change made as JSON shows in the table', () => {
    renderWithProviders(<Harness seen={[]} />);
    expect(screen.getByText('JSON')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'edit the text' }));
    expect((screen.getByLabelText('第 2 项的中文名称') as HTMLInputElement).value).toBe('低息贷款');
  });

  it("shows the server's problem on the item it points at", () => {
    renderWithProviders(
      <Harness seen={[]} problems={[{ pointer: '/items/1/dictKey', message: '字典项的取值 "grant" 重复，第 1 项已使用' }]} />,
    );
    const key = screen.getByLabelText('第 2 项的取值');
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(key.getAttribute('aria-describedby') ?? '')?.textContent).toContain('重复');
  });
});
