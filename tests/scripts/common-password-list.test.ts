import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_FILE, commonPasswordList } from '../../scripts/lib/common-password-list';

const root = path.resolve(import.meta.dirname, '../..');

describe('gen:passwords, the common-password list (SECURITY R01)', () => {
  it('ships at least 10,000 unique lower-case lines, the classics among them', async () => {
    const text = await readFile(path.join(root, COMMON_PASSWORDS_FILE), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(10_000);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.filter((line) => line !== line.toLowerCase() || line.trim() !== line || line === '')).toEqual([]);
    for (const classic of ['123456', 'password', 'woaini1314', 'qwerty', 'p@ssw0rd', 'abc12345', 'zhangwei1990', '1qaz2wsx', 'admin123!']) {
      expect(lines, classic).toContain(classic);
    }
    // The most common come first.
    expect(lines.slice(0, 2)).toEqual(['123456', 'password']);
  });

  it('is what the generator makes now (run npm run gen:passwords when this fails)', async () => {
    const text = await readFile(path.join(root, COMMON_PASSWORDS_FILE), 'utf8');
    expect(text).toBe(`${commonPasswordList().join('\n')}\n`);
  });

  it('gives the same list every run', () => {
    expect(commonPasswordList()).toEqual(commonPasswordList());
  });
});
