/** The bench's result as a readable table: medians per variant and size, and the engine's ratios to raw Formily. */
import type { FormBenchMedians, FormBenchRatio, FormBenchResult } from './run-form-bench';

const fixed = (value: number | undefined, digits: number): string =>
  value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);
const ratio = (value: number | undefined): string => (value === undefined || Number.isNaN(value) ? '–' : `${value.toFixed(2)}×`);

export function formatFormBench(result: FormBenchResult): string {
  const lines: string[] = [];
  const { environment: env } = result;
  lines.push(
    `Form engine in headless Chromium ${env.chromium} (Node ${env.node}, ${env.cpus} CPUs): medians of ${result.runs} runs, ${(result.durationMs / 1000).toFixed(0)} s in all (build ${(result.buildMs / 1000).toFixed(1)} s)`,
  );
  const { start, end } = env.loadAverage;
  // The bench itself keeps about two cores busy, so only the load before it says whether something else was running.
  const busy = start > env.cpus ? ': the machine was already busy, expect noise' : '';
  lines.push(`load average (1 min) ${start.toFixed(1)} before the bench, ${end.toFixed(1)} at its end${busy}`);
  lines.push('');
  const header = [
    'N',
    'variant',
    'mount ms',
    '×raw',
    'first field',
    'render start',
    'key p50',
    'key p95',
    'submit ms',
    '×raw',
    'heap MB',
    '×raw',
  ];
  lines.push(
    ...benchTable(result, header, [5, 12, 9, 6, 11, 12, 8, 8, 9, 6, 8, 6], (m, r) => [
      fixed(m.mountMs, 0),
      r ? ratio(r.mount) : '',
      fixed(m.firstFieldMs, 0),
      fixed(m.renderStartMs, 0),
      fixed(m.keystrokeP50Ms, 1),
      fixed(m.keystrokeP95Ms, 1),
      fixed(m.submitMs, 0),
      r ? ratio(r.submit) : '',
      fixed(m.heapMB, 1),
      r ? ratio(r.heap) : '',
    ]),
  );
  lines.push('');
  lines.push(...revealTable(result));
  lines.push('');
  lines.push('mount: navigation start → first painted frame with every field (N fields + the table + its 250 cells) present or reachable:');
  lines.push(
    "  its FormItem in the DOM, or in one of the engine's pending blocks, which mounts it when scrolled to (raw Formily: all in the DOM);",
  );
  lines.push(
    "first field / render start: the first painted field / the variant's code loaded and handed to React (ms from navigation start);",
  );
  lines.push(
    'key: keydown → painted frame showing the new value, pooled over 30 keys × runs; submit: click → painted frame with all 20 errors;',
  );
  lines.push("heap: V8 used heap after a forced GC, right after mount. ×raw: the engine variant's median over raw Formily's.");
  lines.push('mount task: the longest main-thread task up to mount (raw Formily: rendering the whole form).');
  lines.push('reveal (a fresh page): from the first scroll step (a screen each, the next one at the frame that shows the last) to the');
  lines.push(
    '  first painted frame with no block pending and every field in the DOM; longest / Σ long: the longest task over 50 ms in it and their total;',
  );
  lines.push("  block / table: the longest task one block's mount cost (the table's block or its row groups apart; <50: none over 50 ms);");
  lines.push('submit revealed: the same submit, on that page with every block mounted.');
  if (result.failures.length > 0) {
    lines.push('');
    lines.push(`failed samples, left out of the medians (${result.failures.length}):`);
    for (const failure of result.failures) lines.push(`  ${failure.slice(0, 300)}`);
  }
  const errors = result.variants.flatMap((variant) =>
    Object.values(result.cells[variant] ?? {}).flatMap((cell) =>
      cell.samples.flatMap((sample) => sample.pageErrors.map((error) => `${variant}@${cell.n}: ${error}`)),
    ),
  );
  if (errors.length > 0) {
    lines.push('');
    lines.push(`page errors (${errors.length}):`);
    for (const error of [...new Set(errors)].slice(0, 10)) lines.push(`  ${error.slice(0, 200)}`);
  }
  return lines.join('\n');
}

export function printFormBench(result: FormBenchResult): void {
  console.log(formatFormBench(result));
}

const task = (value: number | undefined): string =>
  value === undefined || Number.isNaN(value) ? '–' : value === 0 ? '<50' : value.toFixed(0);

/** Issue 33's measures: revealing the whole form by scrolling, and submitting it then. */
function revealTable(result: FormBenchResult): string[] {
  const header = ['N', 'variant', 'mount task', 'reveal ms', '×raw', 'longest', 'Σ long', 'block', 'table', 'submit revealed', '×raw'];
  return benchTable(result, header, [5, 12, 10, 9, 6, 7, 7, 5, 5, 15, 6], (m, r) => [
    task(m.mountLongestTaskMs),
    fixed(m.revealMs, 0),
    r ? ratio(r.reveal) : '',
    task(m.revealLongestTaskMs),
    fixed(m.revealLongTasksTotalMs, 0),
    task(m.blockLongestTaskMs),
    task(m.tableLongestTaskMs),
    fixed(m.submitRevealedMs, 0),
    r ? ratio(r.submitRevealed) : '',
  ]);
}

/** A table of one row per size and variant: the first two columns left-aligned, the figures right-aligned. */
function benchTable(
  result: FormBenchResult,
  header: string[],
  widths: number[],
  cells: (medians: FormBenchMedians, ratios: FormBenchRatio | undefined) => string[],
): string[] {
  const row = (values: string[]): string =>
    values.map((cell, index) => (index < 2 ? cell.padEnd(widths[index] ?? 8) : cell.padStart(widths[index] ?? 8))).join('  ');
  const lines = [row(header), row(widths.map((width) => '─'.repeat(width)))];
  for (const n of result.sizes)
    for (const variant of result.variants) {
      const cell = result.cells[variant]?.[String(n)];
      if (cell) lines.push(row([String(n), variant, ...cells(cell.medians, result.ratios[String(n)]?.[variant])]));
    }
  return lines;
}
