import { describe, expect, it } from 'vitest';
import { pickLocale } from '../../../src/shared/i18n/locale';

describe('pickLocale', () => {
  it('defaults to zh-CN', () => {
    expect(pickLocale(undefined)).toBe('zh-CN');
    expect(pickLocale('')).toBe('zh-CN');
    expect(pickLocale('fr-FR')).toBe('zh-CN');
  });
  it('honours the preference order and weights', () => {
    expect(pickLocale('en-US,en;q=0.9')).toBe('en-US');
    expect(pickLocale('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(pickLocale('fr;q=1, en;q=0.5, zh;q=0.7')).toBe('zh-CN');
    expect(pickLocale('zh;q=0, en')).toBe('en-US');
  });
});
