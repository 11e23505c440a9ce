/**
 * The bench page: `?variant=schema-form|step-form|raw-formily&n=300`. It generates the long form,
 * starts watching for the mount before any variant code loads, puts the measuring API on
 * window.__bench, then loads only the chosen variant's code (its own chunk, so each variant pays for
 * the JavaScript it needs and no other) and renders it.
 */
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { isVariant, type BenchWindow, type Variant } from '../bench-protocol';
import { generateBenchForm, REQUIRED_FIELDS, TABLE_FIELD, type BenchForm } from '../form-bench-schema';
import {
  countErrors,
  countFields,
  countPendingBlocks,
  countReachableFields,
  findSubmitButton,
  findTextInput,
  revealField,
} from './bench-dom';
import { BenchShell } from './bench-shell';
import { measureKeystrokes } from './keystroke-probe';
import { watchLongTasks } from './long-task-watch';
import { watchMount } from './mount-watch';
import { measureReveal } from './reveal-probe';
import { measureSubmit } from './submit-probe';

type VariantComponent = ComponentType<{ bench: BenchForm }>;

const benchWindow = window as unknown as BenchWindow;

function loadVariant(variant: Variant): Promise<VariantComponent> {
  switch (variant) {
    case 'schema-form':
      return import('./variant-schema-form').then((module) => module.BenchVariant);
    case 'step-form':
      return import('./variant-step-form').then((module) => module.BenchVariant);
    case 'raw-formily':
      return import('./variant-raw-formily').then((module) => module.BenchVariant);
  }
}

function start(): void {
  const params = new URLSearchParams(window.location.search);
  const variant = params.get('variant');
  const n = Number(params.get('n'));
  if (!isVariant(variant)) throw new Error(`unknown variant ${String(variant)}`);
  watchLongTasks();
  const bench = generateBenchForm(n);
  const mount = watchMount(bench.fieldCount);
  benchWindow.__bench = {
    variant,
    n,
    whenMounted: mount.whenMounted,
    typeKeys: async (count) => {
      // A long form mounts the block past its middle when the user scrolls there; not part of the timing.
      await revealField(bench.typedField.name);
      return { field: bench.typedField.name, samplesMs: await measureKeystrokes(findTextInput(bench.typedField.title), count) };
    },
    counts: () => ({ reachable: countReachableFields(), inDom: countFields(), pendingBlocks: countPendingBlocks() }),
    revealAll: () => measureReveal(TABLE_FIELD, bench.fieldCount),
    submitInvalid: () => measureSubmit(findSubmitButton(variant), () => countErrors(variant), REQUIRED_FIELDS),
  };
  const container = document.getElementById('root');
  if (!container) throw new Error('no #root');
  const root = createRoot(container);
  void loadVariant(variant).then((Variant) => {
    mount.markRenderStart();
    root.render(
      <StrictMode>
        <BenchShell>
          <Variant bench={bench} />
        </BenchShell>
      </StrictMode>,
    );
  }, report);
}

const report = (error: unknown): void => {
  benchWindow.__benchError ??= error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
};
window.addEventListener('error', (event) => report(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => report(event.reason));
try {
  start();
} catch (error) {
  report(error);
}
