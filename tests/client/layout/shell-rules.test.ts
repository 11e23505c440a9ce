import { describe, expect, it } from 'vitest';
import { isPastBackTopThreshold } from '../../../src/client/layout/back-to-top';
import { rootFontSize } from '../../../src/client/layout/root-font-size';
import { AUTO_HIDE_OFFSET, headerHiddenAfterScroll } from '../../../src/client/layout/use-auto-hide-header';

describe('the root font size (spec §9)', () => {
  it('is 100px at the 750 px design width and scales below it', () => {
    expect(rootFontSize(750)).toBe(100);
    expect(rootFontSize(375)).toBe(50);
    expect(rootFontSize(414)).toBeCloseTo(55.2, 5);
  });

  it('stops growing above 750 px', () => {
    expect(rootFontSize(1280)).toBe(100);
    expect(rootFontSize(751)).toBe(100);
  });

  it('never goes negative', () => {
    expect(rootFontSize(0)).toBe(0);
    expect(rootFontSize(-10)).toBe(0);
  });
});

describe('the back-to-top threshold (spec §9: one third of the page height)', () => {
  it('shows only past a third of the page height', () => {
    expect(isPastBackTopThreshold(0, 3000)).toBe(false);
    expect(isPastBackTopThreshold(1000, 3000)).toBe(false);
    expect(isPastBackTopThreshold(1001, 3000)).toBe(true);
  });
});

describe('the auto-hide header', () => {
  it('stays while near the top, hides scrolling down, shows scrolling up', () => {
    expect(headerHiddenAfterScroll(0, AUTO_HIDE_OFFSET, false)).toBe(false);
    expect(headerHiddenAfterScroll(AUTO_HIDE_OFFSET, AUTO_HIDE_OFFSET + 50, false)).toBe(true);
    expect(headerHiddenAfterScroll(800, 700, true)).toBe(false);
    expect(headerHiddenAfterScroll(800, 800, true)).toBe(true);
    expect(headerHiddenAfterScroll(800, 100, true)).toBe(false);
  });
});
