import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I: the password is read off a terminal and typed in once.
const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '#%+-=@_'] as const;
const ALL = CLASSES.join('');

function pick(alphabet: string): string {
  return alphabet.charAt(randomInt(alphabet.length));
}

/**
 * A random password of `length` characters (about 6 bits each) holding every character class, from
 * the operating system's generator. The caller still runs it through the password policy, which a
 * random string can fail by chance (a context word such as kjw inside it).
 */
export function oneTimePassword(length = 20): string {
  const chars = [...CLASSES.map(pick), ...Array.from({ length: Math.max(0, length - CLASSES.length) }, () => pick(ALL))];
  // Fisher-Yates, so the guaranteed classes are not always the first four characters.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}
