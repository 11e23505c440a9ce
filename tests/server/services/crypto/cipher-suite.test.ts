import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CIPHER_ALGORITHMS } from '../../../../src/server/config/cipher-algorithm';
import { deriveKey, KEY_MATERIAL_BYTES, keyedDigest, openBytes, sealBytes } from '../../../../src/server/services/crypto/cipher-suite';

const AAD = Buffer.from('kc1:k0000001');

describe('the cipher suite of personal fields (ADR 0066)', () => {
  it('is the standard SM4: the GB/T 32907 example block, and CTR built on it', () => {
    // GB/T 32907-2016 appendix A, example 1: the key and the plaintext are the same 16 bytes.
    const key = Buffer.from('0123456789abcdeffedcba9876543210', 'hex');
    const ecb = createCipheriv('sm4-ecb', key, null).setAutoPadding(false);
    expect(Buffer.concat([ecb.update(key), ecb.final()]).toString('hex')).toBe('681edf34d206965e86b3e94f536e4246');
    // With a zero block as the text, CTR's first block of body is SM4 of the IV itself.
    const material = Buffer.concat([key, randomBytes(KEY_MATERIAL_BYTES - 16)]);
    const sealed = sealBytes('sm4', material, Buffer.alloc(16), AAD);
    const iv = sealed.subarray(0, 16);
    const body = sealed.subarray(48);
    const block = createCipheriv('sm4-ecb', key, null).setAutoPadding(false);
    expect(body.toString('hex')).toBe(Buffer.concat([block.update(iv), block.final()]).toString('hex'));
  });

  it.each(CIPHER_ALGORITHMS)('%s opens what it sealed, with a fresh IV each time', (algorithm) => {
    const material = randomBytes(KEY_MATERIAL_BYTES);
    const text = Buffer.from('110101199003070011 张三 13800000006', 'utf8');
    const first = sealBytes(algorithm, material, text, AAD);
    const second = sealBytes(algorithm, material, text, AAD);
    expect(first.equals(second)).toBe(false);
    expect(first.includes(text)).toBe(false);
    expect(openBytes(algorithm, material, first, AAD).equals(text)).toBe(true);
    expect(openBytes(algorithm, material, second, AAD).equals(text)).toBe(true);
  });

  it.each(CIPHER_ALGORITHMS)('%s refuses a changed IV, tag or body, another key, and another binding', (algorithm) => {
    const material = randomBytes(KEY_MATERIAL_BYTES);
    const sealed = sealBytes(algorithm, material, Buffer.from('13800000006'), AAD);
    for (const at of [0, 20, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at] = (changed[at] ?? 0) ^ 1;
      expect(() => openBytes(algorithm, material, changed, AAD)).toThrow();
    }
    expect(() => openBytes(algorithm, randomBytes(KEY_MATERIAL_BYTES), sealed, AAD)).toThrow();
    expect(() => openBytes(algorithm, material, sealed, Buffer.from('kc1:k0000002'))).toThrow();
    expect(() => openBytes(algorithm, material, sealed.subarray(0, 10), AAD)).toThrow('too short');
  });

  it('digests with HMAC-SM3 beside SM4 and HMAC-SHA-256 beside AES; derived keys differ by use', () => {
    const key = Buffer.alloc(32, 1);
    expect(keyedDigest('sm4', key, 'phone:13800000006')).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedDigest('sm4', key, 'phone:13800000006')).not.toBe(keyedDigest('aes-256-gcm', key, 'phone:13800000006'));
    expect(keyedDigest('sm4', key, 'phone:13800000006')).toBe(keyedDigest('sm4', key, 'phone:13800000006'));
    const master = randomBytes(32);
    expect(deriveKey('sm4', master, 'wrap')).toHaveLength(KEY_MATERIAL_BYTES);
    expect(deriveKey('sm4', master, 'wrap').equals(deriveKey('sm4', master, 'index'))).toBe(false);
  });
});
