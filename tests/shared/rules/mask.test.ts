import { describe, expect, it } from 'vitest';
import { MASKS, maskBankAccount, maskEmail, maskIdNumber, maskPassport, maskPhone } from '../../../src/shared/rules/mask';

describe('the x-mask kinds (SECURITY R35, ADR 0065)', () => {
  it('shows enough to recognise a value, not to use it', () => {
    expect(maskIdNumber('110105199003071239')).toBe('110105********1239');
    expect(maskPhone('13912345678')).toBe('139****5678');
    expect(maskEmail('liu.chang@example.com')).toBe('l***@example.com');
    expect(maskPassport('G12345678')).toBe('G*****678');
    expect(maskBankAccount('6222021234567891234')).toBe('6222***********1234');
  });

  it('hides a value too short to keep both ends', () => {
    expect(maskPassport('E123')).toBe('****');
    expect(maskBankAccount('622202123')).toBe('*********');
  });

  it('masks a masked value to itself, for every kind (isShownMasked relies on it)', () => {
    const samples: Record<keyof typeof MASKS, string> = {
      idNumber: '110105199003071239',
      phone: '13912345678',
      email: 'liu.chang@example.com',
      passport: 'G12345678',
      bankAccount: '6222021234567891234',
    };
    for (const [kind, value] of Object.entries(samples) as [keyof typeof MASKS, string][]) {
      const once = MASKS[kind](value);
      expect(once, kind).not.toBe(value);
      expect(MASKS[kind](once), kind).toBe(once);
    }
  });
});
