import { Checkbox, FormItem, Input, Password, Radio, Select, Switch } from '@formily/antd-v5';
import type { JSXComponent } from '@formily/react';
import { toChunkLoadError } from '../chunk/chunk-load-error';
import { loadWithTimeout } from '../chunk/load-with-timeout';
import { Captcha } from './captcha';
import { ComponentNotLoadedError } from './component-not-loaded-error';
import { SuggestInput } from './suggest-input';

/**
 * The light widgets: in the engine's own chunk. Select, AutoComplete and Captcha cost little
 * beyond what a form already loads (rc-select, antd's Input).
 */
const EAGER: Record<string, JSXComponent> = {
  FormItem,
  Input,
  Password,
  Select,
  Radio,
  Checkbox,
  Switch,
  Captcha,
  AutoComplete: SuggestInput,
};

/**
 * The heavy widgets, each loaded by the first schema that names it (issue 16): rc-picker, antd's
 * Table with Pagination, dnd-kit and DOMPurify outweighed the rest of a form route together. The
 * Formily ones come from their own folders because a dynamic import of the package root hands over
 * its whole namespace, every widget with it. `Upload` is the engine's own widget, not Formily's: its
 * value is the server's file references, and it uploads through the app's HTTP client. `RichText`
 * edits HTML with tiptap, itself loaded later still (rich-text.tsx).
 */
const LAZY: Record<string, () => Promise<JSXComponent>> = {
  DatePicker: () => import('@formily/antd-v5/esm/date-picker').then((module) => module.DatePicker),
  NumberPicker: () => import('@formily/antd-v5/esm/number-picker').then((module) => module.NumberPicker),
  // Formily's ArrayTable, or for a long table the engine's, which mounts its rows a group at a time.
  ArrayTable: () => import('./row-group-table').then((module) => module.RowGroupTable),
  ArrayCards: () => import('@formily/antd-v5/esm/array-cards').then((module) => module.ArrayCards),
  Upload: () => import('./attachment-upload').then((module) => module.AttachmentUpload),
  RichText: () => import('./rich-text').then((module) => module.RichText),
};

/** The widgets loaded only when a schema names them (shared LAZY_WIDGET_MODULES names their chunks for the server). */
export const LAZY_WIDGET_NAMES: readonly string[] = Object.keys(LAZY);

/**
 * Stands in for a lazy widget until it loads, and throws if rendered. Its capitalised members
 * ('ArrayTable.Column') are stand-ins too, so no dotted name falls through to Formily's fallback
 * (a DOM element named after the string). React reads only lower-case or symbol keys of a component.
 */
function placeholder(name: string): JSXComponent {
  const members = new Map<string, JSXComponent>();
  const render = (): never => {
    throw new ComponentNotLoadedError(name);
  };
  return new Proxy(render, {
    get(target, key, receiver): unknown {
      if (typeof key !== 'string' || !/^[A-Z]/.test(key) || Reflect.has(target, key)) return Reflect.get(target, key, receiver);
      let member = members.get(key);
      if (!member) {
        member = placeholder(`${name}.${key}`);
        members.set(key, member);
      }
      return member;
    },
  });
}

/**
 * The widgets a schema can name, filled in place as lazy ones load: createSchemaField keeps this very
 * object and Formily looks a name up in it at render time, so an existing SchemaField sees each
 * widget once it has arrived. Formily resolves dotted names ('Input.TextArea', 'ArrayTable.Column')
 * through these objects; COMPONENT_NAMES lists every name, and a unit test proves each resolves.
 */
export const componentRegistry: Record<string, JSXComponent> = {
  ...EAGER,
  ...Object.fromEntries(Object.keys(LAZY).map((name) => [name, placeholder(name)])),
};

const loaded = new Set(Object.keys(EAGER));
const pending = new Map<string, Promise<void>>();

/** Whether a top-level name (no dots) is in the registry, loaded or not. */
export function isRegisteredComponent(name: string): boolean {
  return Object.hasOwn(EAGER, name) || Object.hasOwn(LAZY, name);
}

/**
 * Loads one top-level widget into the registry. A failed or timed-out chunk rejects with a
 * ChunkLoadError and is forgotten, so the next call tries again.
 */
export function loadComponent(name: string): Promise<void> {
  if (loaded.has(name)) return Promise.resolve();
  const loader = LAZY[name];
  if (!loader) return Promise.reject(new Error(`No component "${name}" in the registry`));
  let loading = pending.get(name);
  if (!loading) {
    loading = loadWithTimeout(loader).then(
      (component) => {
        componentRegistry[name] = component;
        loaded.add(name);
        pending.delete(name);
      },
      (error: unknown) => {
        pending.delete(name);
        throw toChunkLoadError(error);
      },
    );
    pending.set(name, loading);
  }
  return loading;
}

/** The loaded component behind a (possibly dotted) name; undefined for an unknown name, and for a lazy one until it has loaded. */
export function lookupComponent(name: string): unknown {
  const segments = name.split('.');
  if (!loaded.has(segments[0] ?? '')) return undefined;
  let current: unknown = componentRegistry;
  for (const segment of segments) {
    if ((typeof current !== 'object' && typeof current !== 'function') || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
