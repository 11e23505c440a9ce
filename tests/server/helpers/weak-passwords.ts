import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { PASSWORD_MAX_LENGTH, passwordProblemMessage, type PasswordProblem } from '../../../src/shared/rules/password-policy';

/** SECURITY R01's table: each password and the rule that refuses it (undefined: the schema's maxLength may answer first). */
export const WEAK_PASSWORDS: readonly { name: string; password: (username: string) => string; problem: PasswordProblem }[] = [
  { name: 'Abc12345 (common)', password: () => 'Abc12345', problem: 'commonPassword' },
  { name: 'abcdefgh1 (two classes)', password: () => 'abcdefgh1', problem: 'tooFewClasses' },
  { name: 'admin123! (context word, common)', password: () => 'admin123!', problem: 'containsContextWord' },
  { name: '<username>1A!', password: (username) => `${username}1A!`, problem: 'containsUsername' },
  { name: 'woaini1314 (common)', password: () => 'woaini1314', problem: 'commonPassword' },
  { name: 'Kechuang@2026x (context word)', password: () => 'Kechuang@2026x', problem: 'containsContextWord' },
  { name: 'a 129-character string', password: () => `Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`, problem: 'tooLong' },
];

/** Accepted by every rule: no context word hides in it ('kj$w' is not 'kjw'). */
export const STRONG_PASSWORD = 'Kj$w-2025-xyz';

/** 64 characters, for the no-truncation check: the login must need every one of them. */
export const LONG_PASSWORD = `Zq9#${'correct-horse-battery-staple-'.repeat(3)}`.slice(0, 64);

/**
 * A 400 with the rule's message on the password field. A too-long password may be stopped by the
 * request schema's maxLength first, with the schema's wording: still a 400 on that field.
 */
export function expectRefusedOn(response: LightMyRequestResponse, path: string, problem: PasswordProblem): void {
  expect(response.statusCode, response.body).toBe(400);
  const errors = response.json<{ errors: { path: string; message: string }[] }>().errors;
  const onField = errors.filter((error) => error.path === path);
  expect(onField.length, response.body).toBeGreaterThan(0);
  if (problem === 'tooLong') return;
  expect(
    onField.map((error) => error.message),
    response.body,
  ).toContain(passwordProblemMessage(problem, 'zh-CN'));
}
