import { describe, expect, it } from 'vitest';
import { plainText } from '../../../../src/server/services/search/plain-text';
import { indexWords, queryWords } from '../../../../src/server/services/search/word-segmenter';

describe('the Chinese word segmenter (jieba)', () => {
  it('indexes long words with their parts, without punctuation or stop words', () => {
    const words = indexWords('关于开展2026年度高新技术企业认定工作的通知。');
    expect(words).toEqual(expect.arrayContaining(['高新技术企业', '高新', '技术', '企业', '认定', '通知', '2026']));
    expect(words).not.toContain('的');
    expect(words).not.toContain('。');
  });

  it('keeps the trade’s words whole', () => {
    expect(queryWords('研发费用加计扣除').map((term) => term.word)).toEqual(['研发费用加计扣除']);
    expect(queryWords('科技型中小企业').map((term) => term.word)).toEqual(['科技型中小企业']);
  });

  it('gives each query word the parts an index may hold it as, and lowers Latin letters', () => {
    const [term] = queryWords('高新技术');
    expect(term?.parts).toEqual(expect.arrayContaining(['高新', '技术']));
    // Parts that leave a character out do not stand for the word: 创新 alone would find every text about 创新.
    expect(queryWords('创新券')).toEqual([{ word: '创新券', parts: [] }]);
    expect(queryWords('AI 芯片').map((entry) => entry.word)).toEqual(['ai', '芯片']);
    expect(queryWords('的 了 ， 。')).toEqual([]);
  });
});

describe('plainText: rich text as a reader sees it', () => {
  it('drops tags, decodes entities and keeps blocks apart', () => {
    expect(plainText('<p>第一段</p><p>A &amp; B&nbsp;<strong>加粗</strong></p><script>alert(1)</script>')).toBe('第一段 A & B 加粗');
    expect(plainText(42)).toBe('');
  });
});
