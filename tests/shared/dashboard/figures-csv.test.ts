import { describe, expect, it } from 'vitest';
import { figuresCsv } from '../../../src/shared/dashboard/figures-csv';

describe('figuresCsv', () => {
  it('writes a header and a row per figure with a byte order mark for Excel', () => {
    expect(
      figuresCsv(
        ['状态', '数量'],
        [
          { label: '待审核', value: 3 },
          { label: '已通过', value: 12.5 },
        ],
      ),
    ).toBe('\uFEFF状态,数量\r\n待审核,3\r\n已通过,12.5\r\n');
  });

  it('quotes commas and quotes, and never lets a label run as a formula', () => {
    expect(
      figuresCsv(
        ['a', 'b'],
        [
          { label: '江城, "东区"', value: 1 },
          { label: '=HYPERLINK("x")', value: -2 },
        ],
      ),
    ).toBe('\uFEFFa,b\r\n"江城, ""东区""",1\r\n"\'=HYPERLINK(""x"")",-2\r\n');
  });
});
