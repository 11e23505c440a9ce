// @vitest-isolate: the dictionaries' cache starts empty for this file.
import { afterEach, describe, expect, it } from 'vitest';
import type { DictItem } from '../../../src/shared/generated/dict-item';
import { arrivedDictOptions, forgetDictOptions, loadDictOptions, seedDictEntries } from '../../../src/client/api/dict-api';

afterEach(forgetDictOptions);

describe('dictionaries the page brought are there for the first render (issue 33)', () => {
  const entries: DictItem[] = [
    { dictKey: 'a', dictValue: '人工智能', dictValueEn: 'AI' },
    { dictKey: 'b', dictValue: '生物医药', dictValueEn: 'Biomedicine' },
  ];

  it('reads a seeded dictionary at once, in its locale, and the same options through the load', async () => {
    expect(arrivedDictOptions('tech_field', 'zh-CN')).toBeUndefined();
    seedDictEntries('tech_field', 'zh-CN', entries);
    const instant = arrivedDictOptions('tech_field', 'zh-CN');
    expect(instant?.map((option) => option.label)).toEqual(['人工智能', '生物医药']);
    expect(await loadDictOptions('tech_field', 'zh-CN')).toBe(instant);
    expect(arrivedDictOptions('tech_field', 'en-US')).toBeUndefined();
  });

  it('forgets them with the rest after a publication', () => {
    seedDictEntries('tech_field', 'zh-CN', entries);
    forgetDictOptions();
    expect(arrivedDictOptions('tech_field', 'zh-CN')).toBeUndefined();
  });
});
