// @vitest-environment happy-dom
// @vitest-isolate: the dictionaries' cache starts empty for this file.
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetDictOptions, seedDictEntries } from '../../../src/client/api/dict-api';
import { useDictionaries } from '../../../src/client/engine/use-dictionaries';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';

const schema: JsonSchema = { type: 'object', properties: { field: { type: 'string', 'x-dict': 'tech_field' } } };

afterEach(forgetDictOptions);

describe('useDictionaries with dictionaries the page brought (issue 33)', () => {
  it('gives them in the first render, and the same options ever after (one compile of the form)', async () => {
    seedDictEntries('tech_field', 'zh-CN', [{ dictKey: 'ai', dictValue: '人工智能' }]);
    const seen: unknown[] = [];
    const { rerender } = renderHook(() => {
      const options = useDictionaries(schema, 'zh-CN');
      seen.push(options);
      return options;
    });
    expect(seen[0]).toEqual({ tech_field: [expect.objectContaining({ value: 'ai', label: '人工智能' })] });
    rerender();
    await new Promise((resolve) => setTimeout(resolve, 20));
    rerender();
    // Every render saw the very same object: nothing loaded them again and handed the form a new one.
    expect(new Set(seen).size).toBe(1);
  });

  it('gives an empty set for a schema that names none', async () => {
    const { result } = renderHook(() => useDictionaries({ type: 'object', properties: {} }, 'zh-CN'));
    await waitFor(() => expect(result.current).toEqual({}));
  });
});
