// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import vocabulary from '../../../schemas/meta/vocabulary.schema.json';
import { COMPONENT_NAMES, resolveComponent, UnknownComponentError } from '../../../src/shared/schema/component-names';
import { LAZY_WIDGET_NAMES, lookupComponent } from '../../../src/client/engine/component-registry';
import { LAZY_WIDGET_MODULES } from '../../../src/shared/schema/lazy-widget-modules';
import { loadAllComponents } from '../helpers/load-all-components';

describe('component registry', () => {
  it('knows exactly the components the vocabulary allows in x-component', () => {
    expect([...COMPONENT_NAMES].sort()).toEqual([...vocabulary.keywords['x-component'].enum].sort());
  });

  it('supplies a component for every name, dotted ones included, once loaded', async () => {
    await loadAllComponents();
    for (const name of COMPONENT_NAMES) expect(lookupComponent(name), name).toBeTruthy();
    expect(lookupComponent('FormItem')).toBeTruthy();
    expect(lookupComponent('Uploader')).toBeUndefined();
  });

  it('derives widgets from type and format when x-component is absent', () => {
    expect(resolveComponent({ type: 'string' }, 'a')).toBe('Input');
    expect(resolveComponent({ type: 'string', format: 'date' }, 'a')).toBe('DatePicker');
    expect(resolveComponent({ type: 'integer' }, 'a')).toBe('NumberPicker');
    expect(resolveComponent({ type: 'boolean' }, 'a')).toBe('Switch');
    expect(resolveComponent({ type: ['string', 'null'], 'x-dict': 'need_type' }, 'a')).toBe('Select');
    expect(resolveComponent({ type: 'array', items: { type: 'string', 'x-dict': 'need_type' } }, 'a')).toBe('Checkbox.Group');
  });

  it('refuses an unknown x-component with the field path and the name', () => {
    const error = (() => {
      try {
        resolveComponent({ type: 'string', 'x-component': 'ColorPicker' }, 'detail.body');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(UnknownComponentError);
    expect(error).toMatchObject({ fieldPath: 'detail.body', component: 'ColorPicker' });
  });
});

describe('the lazy widgets the server names in a form page (issue 33)', () => {
  it('are exactly the registry lazy ones', () => {
    expect(Object.keys(LAZY_WIDGET_MODULES).sort()).toEqual([...LAZY_WIDGET_NAMES].sort());
  });
});
