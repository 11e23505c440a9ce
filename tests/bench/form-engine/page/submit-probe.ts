/**
 * Submit with the required fields left empty, measured inside the page: from the click on the
 * variant's own submit button to the first painted frame with every expected error message on screen.
 * The count is taken again a moment later, so a variant that shows more (or fewer) errors than
 * expected is caught by the driver rather than timed as if it were right.
 */
import type { SubmitReport } from '../bench-protocol';
import { nextPaintAfter, settle } from './paint-timing';

const SUBMIT_TIMEOUT_MS = 60_000;

export async function measureSubmit(button: HTMLButtonElement, countErrors: () => number, expectedErrors: number): Promise<SubmitReport> {
  button.scrollIntoView({ block: 'center' });
  await settle(300);
  const start = performance.now();
  button.click();
  const painted = await nextPaintAfter(
    () => countErrors() >= expectedErrors,
    SUBMIT_TIMEOUT_MS,
    `${expectedErrors} errors after submit (${countErrors()} on screen)`,
  );
  await settle(300);
  return { submitMs: painted - start, errorCount: countErrors(), expectedErrors };
}
