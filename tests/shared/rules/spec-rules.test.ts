import { describe, expect, it } from 'vitest';
import { downloadName } from '../../../src/shared/rules/download-name';
import { formatFileSize } from '../../../src/shared/rules/format-file-size';
import { greeting, greetingPeriod } from '../../../src/shared/rules/greeting';
import { passwordStrength, strengthLevel } from '../../../src/shared/rules/password-strength';

describe('passwordStrength (spec §5)', () => {
  it.each([
    ['', 0],
    ['a', 5],
    // 4 characters × 5, plus 3 more classes × 10
    ['aA1!', 50],
    // 5 + 5/2 + 5/3 + 5/4 = 10.41…, truncated
    ['aaaa', 10],
    // 12 distinct characters × 5, the second '2' adds 2.5, plus 30
    ['Kechuang@2026', 92],
  ])('scores %j as %i', (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it('counts Chinese characters as non-word characters', () => {
    expect(passwordStrength('密码a')).toBe(25);
  });

  it('bands the score for the meter', () => {
    expect([29, 30, 59, 60].map(strengthLevel)).toEqual(['weak', 'medium', 'medium', 'strong']);
  });
});

describe('greeting (spec §9)', () => {
  const at = (hour: number, minute = 0) => new Date(2026, 10, 22, hour, minute);

  it.each([
    [8, 59, '早上好'],
    [9, 0, '上午好'],
    [11, 59, '上午好'],
    [12, 0, '中午好'],
    [13, 59, '中午好'],
    [14, 0, '下午好'],
    [19, 59, '下午好'],
    [20, 0, '晚上好'],
    [0, 0, '早上好'],
  ])('%i:%i → %s', (hour, minute, text) => {
    expect(greeting(at(hour, minute))).toBe(text);
  });

  it('has English texts', () => {
    expect(greeting(at(21), 'en-US')).toBe('Good evening');
    expect(greetingPeriod(10)).toBe('forenoon');
  });
});

describe('formatFileSize (spec §9)', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.00 K'],
    [1536, '1.50 K'],
    [1024 * 1024 - 1, '1024.00 K'],
    [1024 * 1024, '1.00 M'],
    [5 * 1024 * 1024, '5.00 M'],
    [1024 ** 3, '1.00 G'],
    [3 * 1024 ** 4, '3072.00 G'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('downloadName (spec §9)', () => {
  it('ends the name with 文件, before the extension', () => {
    expect(downloadName('2026年度信用报告', 'xlsx')).toBe('2026年度信用报告文件.xlsx');
    expect(downloadName('附件文件', '.pdf')).toBe('附件文件.pdf');
    expect(downloadName('申报材料')).toBe('申报材料文件');
  });
});
