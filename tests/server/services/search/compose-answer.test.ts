import { describe, expect, it } from 'vitest';
import { composeAnswer, sentencesOf } from '../../../../src/server/services/search/compose-answer';
import type { FoundDocument } from '../../../../src/server/services/search/search-documents';

const doc = (key: string, body: string): FoundDocument => ({
  key,
  recordId: null,
  source: 'article',
  title: key,
  body,
  kind: 'policy',
  day: null,
  href: `/a?id=${key}`,
});
const terms = [
  { word: '孵化器', parts: [] },
  { word: '认定', parts: [] },
  { word: '条件', parts: [] },
];
const words = ['孵化器', '认定', '条件'];

describe('composeAnswer: quotes that bear on the question, each citing its source', () => {
  it('cuts sentences after 。！？； and at line breaks, dropping scraps', () => {
    expect(sentencesOf('第一条 为了规范孵化器认定工作。短句。\n第二条 申请认定的孵化器应当具备下列条件；')).toEqual([
      '第一条 为了规范孵化器认定工作。',
      '第二条 申请认定的孵化器应当具备下列条件；',
    ]);
  });

  it('quotes, from the best documents in order, the sentences holding at least half the words, each once', () => {
    const answer = composeAnswer(
      [
        doc('a', '第一条 本办法适用于全市科技企业孵化器。第二条 申请认定的孵化器应当具备下列条件：场地面积不少于3000平方米。'),
        doc('b', '与问题无关的一段话，说的是别的事情。'),
        doc('c', '第二条 申请认定的孵化器应当具备下列条件：场地面积不少于3000平方米。第三条 认定工作每年开展一次，孵化器自愿申报。'),
      ],
      terms,
      words,
    );
    expect(answer.sources.map((source) => source.key)).toEqual(['a', 'c']);
    const quotes = answer.passages.map((passage) => [passage.source, passage.parts.map((part) => part.text).join('')]);
    expect(quotes).toEqual([
      // 第一条 holds one word of three: not enough. c's 第二条 was quoted from a already.
      [1, '第二条 申请认定的孵化器应当具备下列条件：场地面积不少于3000平方米。'],
      [2, '第三条 认定工作每年开展一次，孵化器自愿申报。'],
    ]);
    expect(answer.passages[0]?.parts.filter((part) => part.hit).map((part) => part.text)).toEqual(['认定', '孵化器', '条件']);
  });

  it('answers nothing when no sentence holds half the words', () => {
    expect(composeAnswer([doc('a', '本办法适用于全市的科技型中小企业。')], terms, words)).toEqual({ passages: [], sources: [] });
  });
});
