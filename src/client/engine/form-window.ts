import type { Form } from '@formily/core';
import type { Locale } from '../../shared/i18n/locale';
import type { FieldError } from '../../shared/schema/field-error';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { applyFeedback } from './apply-feedback';
import { blockOfPath, type FormBlocks } from './form-blocks';
import { validateValues } from './validate-values';

const FOCUSABLE =
  'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What a long form knows about its blocks while it is on screen (issue 16): which are mounted, the
 * errors waiting for an unmounted field, and the error summary of the last refused submit.
 *
 * Formily creates a field's model when its component mounts, so Formily alone cannot judge, show or
 * focus a field that is not mounted. The window closes that gap with the engine's own verdict
 * (validateValues, the rules the server applies) over the form's values: an error on an unmounted
 * field is held and put on the field the moment its block mounts, and `reveal` mounts the block,
 * scrolls the field into view and focuses it.
 */
export class FormWindow {
  /** Blocks asked for: they render (or are rendering). */
  private readonly mounted: Set<number>;
  /** Blocks whose render has committed: their fields exist in the form. Until then the verdict judges them. */
  private readonly committed: Set<number>;
  /** Blocks someone waits for (a jump, the keyboard, printing): rendered at once, not in the background. */
  private readonly urgent = new Set<number>();
  /** Blocks whose own render committed while a widget in them still mounts its parts (a long table's row groups). */
  private readonly rendered = new Set<number>();
  private readonly holds = new Map<number, number>();
  /** Blocks scrolled near, waiting their turn: one renders in the background at a time (see mount). */
  private readonly queue: number[] = [];
  private background: number | undefined;
  private readonly held = new Map<number, FieldError[]>();
  private readonly waiting = new Map<number, Array<() => void>>();
  private readonly listeners = new Set<() => void>();
  private readonly mountListeners = new Set<() => void>();
  private summaryErrors: FieldError[] = [];
  private version = 0;
  private container: HTMLElement | null = null;

  constructor(
    readonly form: Form,
    readonly blocks: FormBlocks,
    /** The canonical schema of the object at blocks.basePath: the one the verdict judges. */
    readonly schema: JsonSchema,
    readonly locale: Locale,
  ) {
    this.mounted = new Set(blocks.windowed ? [0] : blocks.blocks.map((block) => block.index));
    this.committed = new Set(this.mounted);
  }

  // ---- React's view of it (useSyncExternalStore)
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getVersion = (): number => this.version;

  /**
   * The blocks' view of which are asked for. Apart from the summary's listeners: a block asked for
   * while scrolling renders as a transition, and any other update meanwhile (the summary re-rendering
   * on each request) would restart that render, again and again, until React gave up slicing it.
   */
  readonly subscribeMounts = (listener: () => void): (() => void) => {
    this.mountListeners.add(listener);
    return () => this.mountListeners.delete(listener);
  };

  private mountsChanged(): void {
    for (const listener of this.mountListeners) listener();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  setContainer(element: HTMLElement | null): void {
    this.container = element;
  }

  isMounted(index: number): boolean {
    return this.mounted.has(index);
  }

  /** Whether a block asked for is to render at once (someone waits for it) rather than in the background. */
  isUrgent(index: number): boolean {
    return this.urgent.has(index);
  }

  /**
   * Asks for a block; resolves once it is in the DOM with its fields created. `soon` (the reader
   * scrolling towards it) lets React render it in the background, a few milliseconds at a time, so
   * mounting never freezes the scroll (issue 33); `now` (a jump, the keyboard) renders it at once,
   * and also hurries a block already rendering in the background.
   */
  mount(index: number, when: 'now' | 'soon' = 'now'): Promise<void> {
    if (this.committed.has(index)) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.waiting.set(index, [...(this.waiting.get(index) ?? []), resolve]));
    if (when === 'soon') {
      // One block at a time: blocks rendered together commit together, in one long task.
      if (!this.mounted.has(index) && !this.queue.includes(index)) this.queue.push(index);
      this.next();
      return done;
    }
    const queued = this.queue.indexOf(index);
    if (queued >= 0) this.queue.splice(queued, 1);
    const hurried = !this.urgent.has(index);
    this.urgent.add(index);
    if (!this.mounted.has(index) || hurried) {
      this.mounted.add(index);
      this.mountsChanged();
    }
    return done;
  }

  /** Starts the next queued block once the one rendering in the background has committed. */
  private next(): void {
    if (this.background !== undefined && !this.committed.has(this.background)) return;
    this.background = undefined;
    for (let index = this.queue.shift(); index !== undefined; index = this.queue.shift()) {
      if (this.mounted.has(index)) continue;
      this.background = index;
      this.mounted.add(index);
      this.mountsChanged();
      return;
    }
  }

  /** Every block at once: printing, or a host that needs the whole form in the DOM. */
  mountAll(): void {
    let any = false;
    for (const block of this.blocks.blocks) {
      if (this.committed.has(block.index) || this.urgent.has(block.index)) continue;
      this.mounted.add(block.index);
      this.urgent.add(block.index);
      any = true;
    }
    this.queue.length = 0;
    if (any) this.mountsChanged();
  }

  /**
   * A widget of the block mounts its parts after the block (row-group-table.tsx): until the returned
   * release, the block counts as not mounted, so the verdict judges its fields and its errors are held.
   */
  holdBlock(index: number): () => void {
    this.holds.set(index, (this.holds.get(index) ?? 0) + 1);
    if (this.committed.delete(index)) this.rendered.add(index);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.holds.get(index) ?? 1) - 1;
      this.holds.set(index, left);
      if (left === 0 && this.rendered.has(index)) this.commit(index);
    };
  }

  /** Called by the block after it committed: its fields exist now (unless a widget holds it), so its held errors go on them. */
  blockMounted(index: number): void {
    this.rendered.add(index);
    if ((this.holds.get(index) ?? 0) > 0) return;
    this.commit(index);
  }

  private commit(index: number): void {
    this.committed.add(index);
    const errors = this.held.get(index);
    this.held.delete(index);
    if (errors) applyFeedback(this.form, errors);
    const waiters = this.waiting.get(index) ?? [];
    this.waiting.delete(index);
    for (const resolve of waiters) resolve();
    this.next();
  }

  /** Whether this form path lies in a block not mounted yet (its field has no model yet, even while the block renders). */
  isPending(path: string): boolean {
    const block = blockOfPath(this.blocks, path);
    return block !== undefined && !this.committed.has(block.index);
  }

  /** Keeps the errors of unmounted fields until their block mounts; returns the others. */
  hold(errors: readonly FieldError[]): FieldError[] {
    const rest: FieldError[] = [];
    for (const error of errors) {
      const block = blockOfPath(this.blocks, error.path);
      if (!block || this.committed.has(block.index)) {
        rest.push(error);
        continue;
      }
      this.held.set(block.index, [...(this.held.get(block.index) ?? []), error]);
    }
    return rest;
  }

  /**
   * The verdict on every field of the window: the schema's rules over the values (validateValues,
   * the checks the engine's Formily rules apply, with their messages). Paths are the form's (with
   * the base path).
   */
  verdict(): FieldError[] {
    const { basePath } = this.blocks;
    const values: unknown = basePath ? this.form.getValuesIn(basePath) : this.form.values;
    const prefix = basePath ? `${basePath}.` : '';
    return validateValues(this.schema, values ?? {}, this.locale).map((error) => ({ ...error, path: `${prefix}${error.path}` }));
  }

  /** The verdict limited to fields in unmounted blocks: the ones Formily cannot see. */
  unmountedVerdict(): FieldError[] {
    if (!this.blocks.windowed) return [];
    return this.verdict().filter((error) => this.isPending(error.path));
  }

  /** Whether a form path lies inside the window's schema (under its base path). */
  covers(path: string): boolean {
    const { basePath } = this.blocks;
    return basePath === '' || path === basePath || path.startsWith(`${basePath}.`);
  }

  get summary(): readonly FieldError[] {
    return this.summaryErrors;
  }

  /** The refused submit's errors, listed above the form with a link to each field. */
  setSummary(errors: readonly FieldError[]): void {
    this.summaryErrors = [...errors];
    this.changed();
  }

  /** The path inside the canonical schema (without the base path), for labels. */
  schemaPath(path: string): string {
    const prefix = this.blocks.basePath ? `${this.blocks.basePath}.` : '';
    return path.startsWith(prefix) ? path.slice(prefix.length) : path;
  }

  /**
   * Brings a field on screen and puts the cursor in it: mounts its block if needed, scrolls to the
   * field (or, for a table's cell, to its table) and focuses its first control.
   */
  async reveal(path: string): Promise<void> {
    const block = blockOfPath(this.blocks, path);
    if (block) await this.mount(block.index);
    const target = this.elementOf(this.schemaPath(path));
    if (!target) return;
    target.scrollIntoView?.({ block: 'center' });
    const control = target.querySelector<HTMLElement>(FOCUSABLE);
    control?.focus({ preventScroll: true });
  }

  /** Puts the cursor in a block's first (or last) control: the keyboard's way into an unmounted block. */
  async focusIn(index: number, end: 'first' | 'last'): Promise<void> {
    await this.mount(index);
    const block = (this.container ?? document).querySelector(`[data-kc-block="${index}"]`);
    const controls = block ? [...block.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
    (end === 'first' ? controls[0] : controls[controls.length - 1])?.focus();
  }

  /** The FormItem of the path, or of its nearest marked ancestor (an array row's cells are not marked). */
  private elementOf(path: string): HTMLElement | null {
    const scope = this.container ?? document;
    const segments = path.split('.');
    while (segments.length > 0) {
      const found = scope.querySelector<HTMLElement>(`[data-kc-field="${CSS.escape(segments.join('.'))}"]`);
      if (found) return found;
      segments.pop();
    }
    return null;
  }
}

const windows = new WeakMap<Form, Set<FormWindow>>();

/** The windows a form's fields are rendered in right now (one per SchemaFields on screen). */
export function windowsOf(form: Form): FormWindow[] {
  return [...(windows.get(form) ?? [])];
}

export function registerWindow(formWindow: FormWindow): () => void {
  const set = windows.get(formWindow.form) ?? new Set<FormWindow>();
  set.add(formWindow);
  windows.set(formWindow.form, set);
  return () => {
    set.delete(formWindow);
  };
}

/** Whether a schema can be judged by the verdict: a form whose rules it cannot check mounts whole. */
export function verdictCovers(schema: JsonSchema, locale: Locale): boolean {
  try {
    validateValues(schema, {}, locale);
    return true;
  } catch {
    return false;
  }
}
