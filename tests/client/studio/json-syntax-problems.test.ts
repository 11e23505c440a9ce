import { describe, expect, it } from 'vitest';
import { jsonSyntaxProblems } from '../../../src/client/studio/json-syntax-problems';

const PREFIX = '不是合法的 JSON：';

/** Every problem has a Chinese message and a range that starts within the text. */
function expectWellFormed(text: string) {
  const problems = jsonSyntaxProblems(text);
  expect(problems.length).toBeGreaterThan(0);
  for (const problem of problems) {
    expect(problem.message.startsWith(PREFIX)).toBe(true);
    expect(problem.message.length).toBeGreaterThan(PREFIX.length);
    expect(problem.message).toMatch(/[\u4e00-\u9fff]/);
    expect(problem.from).toBeGreaterThanOrEqual(0);
    expect(problem.from).toBeLessThanOrEqual(text.length);
    expect(problem.to).toBeGreaterThan(problem.from);
  }
  return problems;
}

describe('jsonSyntaxProblems', () => {
  it('finds nothing in valid JSON', () => {
    expect(jsonSyntaxProblems('{}')).toEqual([]);
    expect(jsonSyntaxProblems('[]')).toEqual([]);
    expect(jsonSyntaxProblems(JSON.stringify({ a: [1, 'x', null, true], b: { c: 1.5e3 } }, null, 2))).toEqual([]);
  });

  it('refuses a trailing comma, at the closing brace', () => {
    const text = '{\n  "a": 1,\n}';
    const problems = expectWellFormed(text);
    expect(problems[0]?.from).toBe(text.lastIndexOf('}'));
    expect(jsonSyntaxProblems('[1, 2,]')).not.toEqual([]);
  });

  it('refuses a comment, marking it', () => {
    const text = '{\n  "a": 1 // why\n}';
    const problems = expectWellFormed(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toEqual({ from: text.indexOf('//'), to: text.indexOf('\n}'), message: `${PREFIX}JSON 中不能写注释` });
    expectWellFormed('/* a */ {}');
  });

  it('reports a missing closing brace', () => {
    const text = '{\n  "a": 1\n';
    const problems = expectWellFormed(text);
    expect(problems.map((problem) => problem.message)).toContain(`${PREFIX}缺少右花括号（}）`);
  });

  it('reports a missing comma, colon and value in Chinese', () => {
    expect(expectWellFormed('{"a": 1 "b": 2}').map((problem) => problem.message)).toContain(`${PREFIX}两项之间应有逗号（,）`);
    expect(expectWellFormed('{"a" 1}').map((problem) => problem.message)).toContain(`${PREFIX}属性名后应有冒号（:）`);
    expect(expectWellFormed("{'a': 1}").map((problem) => problem.message)).toContain(`${PREFIX}这里应是用双引号括起的属性名`);
  });

  it('refuses empty text', () => {
    expectWellFormed('');
  });
});
