/**
 * Typing measured inside the page. A script cannot make Chromium type (untrusted key events have no
 * default action), so each key is what a key press amounts to for React: keydown, the value set
 * through the native setter (React's value tracker then sees a change), an `input` event, keyup. The
 * time runs from the keydown dispatch to the first painted frame in which the input shows the new
 * value (after React re-rendered it as a controlled input), so Formily's and the form's own reactions
 * to the change (validation, autosave bookkeeping, re-renders) are all in it.
 */
import { nextPaintAfter, settle } from './paint-timing';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Roughly a fast typist's gap between keys; each key starts on a quiet page. */
const GAP_MS = 60;
const KEY_TIMEOUT_MS = 10_000;

export async function measureKeystrokes(input: HTMLInputElement, count: number): Promise<number[]> {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (!setValue) throw new Error('HTMLInputElement has no value setter');
  input.scrollIntoView({ block: 'center' });
  input.focus();
  await settle(300);
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const key = LETTERS[index % LETTERS.length] ?? 'a';
    const expected = input.value + key;
    const start = performance.now();
    input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    setValue.call(input, expected);
    input.dispatchEvent(new InputEvent('input', { data: key, inputType: 'insertText', bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
    const painted = await nextPaintAfter(
      () => input.value === expected,
      KEY_TIMEOUT_MS,
      `key ${index + 1} (expecting "${expected}", the input shows "${input.value}")`,
    );
    samples.push(painted - start);
    await settle(GAP_MS);
  }
  return samples;
}
