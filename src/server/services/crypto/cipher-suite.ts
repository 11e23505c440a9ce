import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { CipherAlgorithm } from '../../config/cipher-algorithm';

/*
 * The two ciphers of DATA_CIPHER (SECURITY R34, ADR 0066): SM4 (GB/T 32907) in CTR mode with an HMAC-SM3
 * tag over the IV and the body (encrypt-then-MAC: Node's OpenSSL offers no SM4-GCM), or AES-256-GCM.
 */

/** 64 bytes of key material: the first 32 encrypt (SM4 takes 16 of them), the last 32 authenticate. */
export const KEY_MATERIAL_BYTES = 64;

const SM4_IV = 16;
const SM3_TAG = 32;
const GCM_IV = 12;
const GCM_TAG = 16;

function sm4Tag(material: Buffer, aad: Buffer, iv: Buffer, body: Buffer): Buffer {
  return createHmac('sm3', material.subarray(32, 64)).update(aad).update(iv).update(body).digest();
}

/** Seals `plain` bound to `aad`: IV, tag, body in one buffer. A fresh IV every time. */
export function sealBytes(algorithm: CipherAlgorithm, material: Buffer, plain: Buffer, aad: Buffer): Buffer {
  if (algorithm === 'sm4') {
    const iv = randomBytes(SM4_IV);
    const cipher = createCipheriv('sm4-ctr', material.subarray(0, 16), iv);
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, sm4Tag(material, aad, iv, body), body]);
  }
  const iv = randomBytes(GCM_IV);
  const cipher = createCipheriv('aes-256-gcm', material.subarray(0, 32), iv).setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Opens what sealBytes sealed with the same material and aad; throws when anything was changed. */
export function openBytes(algorithm: CipherAlgorithm, material: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  if (algorithm === 'sm4') {
    if (sealed.length < SM4_IV + SM3_TAG) throw new Error('sealed value too short');
    const iv = sealed.subarray(0, SM4_IV);
    const tag = sealed.subarray(SM4_IV, SM4_IV + SM3_TAG);
    const body = sealed.subarray(SM4_IV + SM3_TAG);
    // The tag is checked before anything is decrypted: CTR would turn a changed body into changed text silently.
    if (!timingSafeEqual(tag, sm4Tag(material, aad, iv, body))) throw new Error('sealed value fails its tag');
    const decipher = createDecipheriv('sm4-ctr', material.subarray(0, 16), iv);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  }
  if (sealed.length < GCM_IV + GCM_TAG) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', material.subarray(0, 32), sealed.subarray(0, GCM_IV)).setAAD(aad);
  decipher.setAuthTag(sealed.subarray(GCM_IV, GCM_IV + GCM_TAG));
  return Buffer.concat([decipher.update(sealed.subarray(GCM_IV + GCM_TAG)), decipher.final()]);
}

/** The keyed digest of the blind index: HMAC-SM3 beside SM4, HMAC-SHA-256 beside AES. */
export function keyedDigest(algorithm: CipherAlgorithm, key: Buffer, text: string): string {
  return createHmac(algorithm === 'sm4' ? 'sm3' : 'sha256', key)
    .update(text, 'utf8')
    .digest('hex');
}

/** A sub-key of the master key for one use, so the wrapping key never also serves as a digest key. */
export function deriveKey(algorithm: CipherAlgorithm, master: Buffer, use: string): Buffer {
  const first = createHmac(algorithm === 'sm4' ? 'sm3' : 'sha256', master)
    .update(`${use}:1`)
    .digest();
  const second = createHmac(algorithm === 'sm4' ? 'sm3' : 'sha256', master)
    .update(`${use}:2`)
    .digest();
  return Buffer.concat([first, second]).subarray(0, KEY_MATERIAL_BYTES);
}
