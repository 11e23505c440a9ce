import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../../src/shared/i18n/fill-template';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../../../src/client');

const zhCatalogues = (readdirSync(CLIENT_DIR, { recursive: true }) as string[]).filter((file) => file.endsWith('.zh-CN.json')).sort();

const read = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(CLIENT_DIR, file), 'utf8')) as Record<string, unknown>;
const placeholders = (text: unknown): string[] => [...String(text).matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

describe('text catalogues', () => {
  it('finds the fifteen modules’ catalogues', () => {
    expect(zhCatalogues).toEqual([
      'engine/engine-texts.zh-CN.json',
      'engine/layouts/public-layout-texts.zh-CN.json',
      'engine/matching/matching-texts.zh-CN.json',
      'i18n/texts.zh-CN.json',
      'layout/layout-texts.zh-CN.json',
      'notifications/notification-texts.zh-CN.json',
      'pages/dashboard/dashboard-texts.zh-CN.json',
      'pages/workbench/workbench-texts.zh-CN.json',
      'passport/passport-texts.zh-CN.json',
      'passport/second-factor-texts.zh-CN.json',
      'portal/portal-texts.zh-CN.json',
      'search/search-texts.zh-CN.json',
      'studio/designer/designer-texts.zh-CN.json',
      'studio/dictionary/dictionary-editor-texts.zh-CN.json',
      'studio/studio-texts.zh-CN.json',
    ]);
  });

  it.each(zhCatalogues)('%s: en-US has the same keys and placeholders, every text non-empty', (file) => {
    const zh = read(file);
    const en = read(file.replace('.zh-CN.json', '.en-US.json'));
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const [key, text] of Object.entries(zh)) {
      expect(typeof text === 'string' && text.trim() !== '', `${file}#/${key}`).toBe(true);
      expect(typeof en[key] === 'string' && (en[key] as string).trim() !== '', `en-US ${key}`).toBe(true);
      expect(placeholders(en[key]), `${key} placeholders`).toEqual(placeholders(text));
    }
  });
});

describe('fillTemplate', () => {
  it('fills every placeholder, numbers included', () => {
    expect(fillTemplate('{seconds}秒后重新获取', { seconds: 60 })).toBe('60秒后重新获取');
    expect(fillTemplate('确定执行“{action}”吗？{action}', { action: '通过' })).toBe('确定执行“通过”吗？通过');
  });

  it('leaves a placeholder without a value as written, and ignores inherited names', () => {
    expect(fillTemplate('已保存 {time}', {})).toBe('已保存 {time}');
    expect(fillTemplate('{toString}', {})).toBe('{toString}');
  });
});
