// @vitest-environment happy-dom
import { createForm } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { cleanup, render, renderHook, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileSchema } from '../../../src/client/engine/compile-schema';
import { UnknownComponentError } from '../../../src/shared/schema/component-names';
import { ComponentNotLoadedError } from '../../../src/client/engine/component-not-loaded-error';
import { componentRegistry, lookupComponent } from '../../../src/client/engine/component-registry';
import { setUpEngine } from '../../../src/client/engine/engine-setup';
import { loadSchemaComponents } from '../../../src/client/engine/load-schema-components';
import { schemaComponentNames } from '../../../src/client/engine/schema-component-names';
import { useSchemaComponents } from '../../../src/client/engine/use-schema-components';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { stubMatchMedia } from '../helpers/dom-setup';

// Every test here reads the registry's module state: the file's order matters (nothing lazy is
// loaded until 'loads every widget a schema names'), and no other file may have loaded one before
// (@vitest-isolate: vitest.config.ts gives this file a module graph of its own).

const canonical: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: '名称' },
    startedOn: { type: 'string', format: 'date', title: '成立日期' },
    members: {
      type: 'array',
      title: '成员',
      'x-component': 'ArrayTable',
      items: { type: 'object', properties: { age: { type: 'integer', title: '年龄' } } },
    },
  },
};
const compiled = compileSchema(canonical, { locale: 'zh-CN' });

/** Catches what SchemaField throws, as SchemaErrorBoundary would. */
class Catch extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

function renderError(schema: ISchema): unknown {
  const SchemaField = createSchemaField({ components: componentRegistry });
  let caught: unknown;
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    render(
      <Catch onError={(error) => (caught = error)}>
        <FormProvider form={createForm()}>
          <SchemaField schema={schema} />
        </FormProvider>
      </Catch>,
    );
  } finally {
    quiet.mockRestore();
  }
  return caught;
}

beforeAll(() => {
  stubMatchMedia();
  setUpEngine('zh-CN');
});

afterEach(() => cleanup());

describe('the lazy component registry', () => {
  it('finds every component and decorator a compiled schema names, with the first path naming it', () => {
    const names = schemaComponentNames(compiled);
    expect([...names.keys()]).toEqual(
      expect.arrayContaining(['FormItem', 'Input', 'DatePicker', 'ArrayTable', 'ArrayTable.Column', 'ArrayTable.Addition', 'NumberPicker']),
    );
    expect(names.get('DatePicker')).toBe('startedOn');
    expect(names.get('NumberPicker')).toMatch(/^members\[\]/);
  });

  it('resolves a lazy widget to nothing before it loads, and throws rather than render its stand-in', () => {
    expect(lookupComponent('Input.TextArea')).toBeTruthy();
    expect(lookupComponent('DatePicker')).toBeUndefined();
    expect(lookupComponent('ArrayTable.Column')).toBeUndefined();
    expect(renderError({ type: 'object', properties: { on: { type: 'string', 'x-component': 'DatePicker' } } })).toBeInstanceOf(
      ComponentNotLoadedError,
    );
    // A dotted member of a widget not yet loaded is a stand-in too, never a stray DOM element.
    expect(renderError({ type: 'object', properties: { add: { type: 'void', 'x-component': 'ArrayTable.Addition' } } })).toMatchObject({
      component: 'ArrayTable.Addition',
    });
  });

  it('loads every widget a schema names into the registry that SchemaField was created with', async () => {
    await loadSchemaComponents(compiled);
    for (const name of schemaComponentNames(compiled).keys()) expect(lookupComponent(name), name).toBeTruthy();
    expect(componentRegistry['DatePicker']).toBe(lookupComponent('DatePicker'));
    expect(renderError({ type: 'object', properties: { on: { type: 'string', 'x-component': 'DatePicker' } } })).toBeUndefined();
  });

  it('refuses a name the registry cannot resolve, with the field path', async () => {
    await expect(
      loadSchemaComponents({ type: 'object', properties: { a: { type: 'string', 'x-component': 'ColorPicker' } } }),
    ).rejects.toMatchObject({
      name: 'UnknownComponentError',
      fieldPath: 'a',
      component: 'ColorPicker',
    });
    await expect(
      loadSchemaComponents({ type: 'object', properties: { b: { type: 'string', 'x-component': 'Input.Secret' } } }),
    ).rejects.toBeInstanceOf(UnknownComponentError);
  });

  it('tells a form when its widgets are there, at once for widgets loaded before', async () => {
    expect(renderHook(() => useSchemaComponents(undefined)).result.current).toBe(false);
    expect(renderHook(() => useSchemaComponents(compiled)).result.current).toBe(true);
    const withCards: ISchema = {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          'x-component': 'ArrayCards',
          items: { type: 'object', properties: { i: { type: 'void', 'x-component': 'ArrayCards.Index' } } },
        },
      },
    };
    const { result } = renderHook(() => useSchemaComponents(withCards));
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    expect(lookupComponent('ArrayCards.Index')).toBeTruthy();
  });
});
