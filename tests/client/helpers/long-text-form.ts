import { vi } from 'vitest';
import { setUpEngine } from '../../../src/client/engine/engine-setup';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { stubMatchMedia } from './dom-setup';

/** The long forms' tests (issue 33): FIELDS text fields, long enough to mount block by block. */
export const LONG_FORM_FIELDS = 130;
export const longFormKey = (i: number): string => `f${String(i).padStart(3, '0')}`;
export const longFormTitle = (i: number): string => `指标${i}`;

/** LONG_FORM_FIELDS text fields of at most 20 characters in their order, these required. */
export function longTextSchema(required: readonly string[]): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: [...required],
    properties: Object.fromEntries(
      Array.from({ length: LONG_FORM_FIELDS }, (_, i) => [
        longFormKey(i),
        { type: 'string', title: longFormTitle(i), maxLength: 20, 'x-order': i + 1 },
      ]),
    ),
  };
}

/** For a beforeAll: the engine in zh-CN, and nothing scrolls (blocks mount only when asked: a summary link, a focus, printing). */
export function setUpLongFormDom(): void {
  stubMatchMedia();
  setUpEngine('zh-CN');
  vi.stubGlobal('IntersectionObserver', undefined);
}
