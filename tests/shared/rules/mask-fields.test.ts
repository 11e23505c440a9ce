import { describe, expect, it } from 'vitest';
import { maskedColumnsOf } from '../../../src/shared/resource/masked-fields-of';
import { maskColumns, maskFields } from '../../../src/shared/rules/mask-fields';

describe('masking a record (x-mask, SECURITY R35)', () => {
  it('masks top-level fields and the named columns of tables, and leaves everything else as it was', () => {
    const data = {
      contactPhone: '13800000001',
      guests: [{ name: '王磊', phone: '13912345678' }, { name: '李娜', phone: '' }, 'not a row'],
      team: 'not a table',
    };
    const masked = maskColumns(
      [
        ['guests', 'phone', 'phone'],
        ['team', 'phone', 'phone'],
      ],
      maskFields([['contactPhone', 'phone']], data),
    );
    expect(masked).toEqual({
      contactPhone: '138****0001',
      guests: [{ name: '王磊', phone: '139****5678' }, { name: '李娜', phone: '' }, 'not a row'],
      team: 'not a table',
    });
    // The stored data is not touched.
    expect(data.guests[0]).toEqual({ name: '王磊', phone: '13912345678' });
  });

  it('finds the masked columns of top-level tables only', () => {
    expect(
      maskedColumnsOf({
        type: 'object',
        properties: {
          idNumber: { type: 'string', 'x-mask': 'idNumber' },
          members: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' }, idNumber: { type: 'string', 'x-mask': 'idNumber' } } },
          },
          tags: { type: 'array', items: { type: 'string' } },
        },
      }),
    ).toEqual([['members', 'idNumber', 'idNumber']]);
  });
});
