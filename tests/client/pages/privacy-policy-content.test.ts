import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PolicyBlock as Block, PolicyDocument as Policy } from '../../../src/client/pages/privacy-policy-page';

const FILE = path.resolve(import.meta.dirname, '../../../src/client/pages/privacy-policy-content.json');
const policies = JSON.parse(readFileSync(FILE, 'utf8')) as Record<'zh-CN' | 'en-US', Policy>;
const zh = policies['zh-CN'];
const en = policies['en-US'];

/** A block's shape without its words: the two languages must say the same things in the same places. */
const shape = (block: Block): string => {
  if ('p' in block) return 'p';
  if ('h' in block) return 'h';
  if ('list' in block) return `list:${block.list.length}`;
  return `table:${block.table.head.length}x${block.table.rows.length}:${block.table.rows.every((row) => row.length === block.table.head.length)}`;
};
const texts = (policy: Policy): string[] => [
  policy.title,
  policy.portal,
  policy.effectiveDate,
  policy.updatedDate,
  policy.tocTitle,
  ...policy.intro,
  ...policy.sections.flatMap((section) => [
    section.title,
    ...section.blocks.flatMap((block) =>
      'p' in block
        ? [block.p]
        : 'h' in block
          ? [block.h]
          : 'list' in block
            ? block.list
            : [...block.table.head, ...block.table.rows.flat()],
    ),
  ]),
];
const all = (policy: Policy): string => texts(policy).join('\n');

describe('the privacy policy (spec §1, §2 /privacyPolicy)', () => {
  it('has the same sections, in the same order and of the same shape, in Chinese and English', () => {
    expect(en.sections.map((section) => section.id)).toEqual(zh.sections.map((section) => section.id));
    zh.sections.forEach((section, index) => {
      expect(en.sections[index]?.blocks.map(shape), section.id).toEqual(section.blocks.map(shape));
    });
    expect(en.intro).toHaveLength(zh.intro.length);
    for (const policy of [zh, en]) for (const text of texts(policy)) expect(text.trim().length).toBeGreaterThan(0);
    // Section ids become the table of contents' anchors.
    expect(new Set(zh.sections.map((section) => section.id)).size).toBe(zh.sections.length);
    for (const section of zh.sections) expect(section.id).toMatch(/^[a-z][a-z-]*$/);
  });

  it('covers what the PIPL asks a notice to say', () => {
    expect(zh.sections.map((section) => section.id)).toEqual([
      'controller',
      'collect',
      'use',
      'basis',
      'retention',
      'sharing',
      'security',
      'rights',
      'storage',
      'minors',
      'changes',
      'contact',
    ]);
    const text = all(zh);
    for (const needed of [
      '江城市科学技术委员会',
      '江城市科技创新服务门户',
      '《个人信息保护法》',
      '手机号码',
      '电子邮箱',
      '单位',
      '上传',
      '日志',
      '查阅',
      '更正',
      '删除',
      '撤回同意',
      '注销账号',
      'ACCESS_TOKEN',
      'Access-Token',
      '十四周岁',
      '2026年11月25日',
      '027-8765 4321',
    ]) {
      expect(text, needed).toContain(needed);
    }
    const english = all(en);
    for (const needed of [
      'Jiangcheng Municipal Science and Technology Commission',
      'Personal Information Protection Law',
      'ACCESS_TOKEN',
      'Access-Token',
      '25 November 2026',
      '027-8765 4321',
    ]) {
      expect(english, needed).toContain(needed);
    }
  });
});
