import { randomInt } from 'node:crypto';

// No 0/O, 1/I/l and similar pairs: a person must be able to read it.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** Captcha text from a CSPRNG (svg-captcha's own generator uses Math.random). */
export function randomCaptchaText(length = 4): string {
  let text = '';
  for (let index = 0; index < length; index += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}
