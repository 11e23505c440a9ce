import { describe, expect, it } from 'vitest';
import { withUnmaskedValues } from '../../../src/client/engine/with-unmasked-values';

describe('withUnmaskedValues (SECURITY R35, ADR 0065)', () => {
  it("puts the unmasked fields and the tables' cells in, row by row, and leaves the rest", () => {
    const data = {
      contactPhone: '136****1111',
      guests: [
        { guestName: '刘洋', guestPhone: '139****1000' },
        { guestName: '陈思远', guestPhone: '139****1001' },
        { guestName: '黄丽娟' },
      ],
      inviteTitle: '成果路演',
    };
    expect(
      withUnmaskedValues(data, {
        fields: { contactPhone: '13600001111' },
        tables: { guests: [{ guestPhone: '13900001000' }, { guestPhone: '13900001001' }, {}] },
      }),
    ).toEqual({
      contactPhone: '13600001111',
      guests: [
        { guestName: '刘洋', guestPhone: '13900001000' },
        { guestName: '陈思远', guestPhone: '13900001001' },
        { guestName: '黄丽娟' },
      ],
      inviteTitle: '成果路演',
    });
    // The record on screen is not changed in place.
    expect(data.guests[0]?.guestPhone).toBe('139****1000');
  });

  it('ignores a table the record does not have as a list', () => {
    expect(withUnmaskedValues({ guests: null }, { fields: {}, tables: { guests: [{ guestPhone: '13900001000' }] } })).toEqual({
      guests: null,
    });
  });
});
