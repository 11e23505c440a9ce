import { describe, expect, it } from 'vitest';
import { highlightText, snippetAround } from '../../../src/shared/search/highlight-text';

const marks = (parts: Array<{ text: string; hit: boolean }>): string =>
  parts.map((part) => (part.hit ? `[${part.text}]` : part.text)).join('');

describe('highlightText and snippetAround: the hits marked as plain text', () => {
  it('marks every occurrence, the longest word first, Latin letters in any case', () => {
    expect(marks(highlightText('高新技术企业认定：高新技术企业须有 R&D 投入', ['高新', '高新技术企业', 'r&d']))).toBe(
      '[高新技术企业]认定：[高新技术企业]须有 [R&D] 投入',
    );
  });

  it('treats the words as text, not as patterns', () => {
    expect(marks(highlightText('a.b 与 axb', ['a.b']))).toBe('[a.b] 与 axb');
    expect(highlightText('无命中', [])).toEqual([{ text: '无命中', hit: false }]);
    expect(highlightText('', ['词'])).toEqual([]);
  });

  it('cuts a window around the first hit, with an ellipsis where it is cut', () => {
    const text = `${'前文'.repeat(100)}研发费用加计扣除${'后文'.repeat(100)}`;
    const snippet = marks(snippetAround(text, ['加计扣除'], 40));
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('[加计扣除]');
    expect(snippet.replace(/[[\]…]/g, '')).toHaveLength(40);
  });

  it('starts from the beginning when no word is in the text', () => {
    expect(marks(snippetAround('  第一段\n\n第二段  ', ['无关'], 40))).toBe('第一段 第二段');
  });
});
