import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { LAZY_WIDGET_MODULES, lazyWidgetModules, schemaWidgets } from '../../../src/shared/schema/lazy-widget-modules';

const CLIENT = resolve(import.meta.dirname, '../../../src/client');

describe('the lazy widgets a schema draws, by their chunks (issue 33)', () => {
  it('names each widget by a module that exists', () => {
    for (const module of Object.values(LAZY_WIDGET_MODULES)) expect(existsSync(resolve(CLIENT, module)), module).toBe(true);
  });

  it('finds the widgets of the fields, inferred or named, nested objects and table rows included', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        founded: { type: 'string', format: 'date' },
        company: { type: 'object', properties: { staff: { type: 'integer' } } },
        members: {
          type: 'array',
          items: {
            type: 'object',
            properties: { joined: { type: 'string', format: 'date-time' }, cv: { type: 'array', 'x-component': 'Upload' } },
          },
        },
        notes: { type: 'string', 'x-component': 'RichText' },
        odd: { type: 'array', items: { type: 'string' } },
      },
    };
    expect([...schemaWidgets(schema)].sort()).toEqual(['ArrayTable', 'DatePicker', 'Input', 'NumberPicker', 'RichText', 'Upload']);
    expect(lazyWidgetModules(schema).sort()).toEqual(
      [
        LAZY_WIDGET_MODULES.ArrayTable,
        LAZY_WIDGET_MODULES.DatePicker,
        LAZY_WIDGET_MODULES.NumberPicker,
        LAZY_WIDGET_MODULES.RichText,
        LAZY_WIDGET_MODULES.Upload,
      ].sort(),
    );
  });
});
