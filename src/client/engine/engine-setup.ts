import { setValidateLanguage } from '@formily/core';
import { Schema } from '@formily/react';
import type { Locale } from '../../shared/i18n/locale';

/**
 * Formily evaluates `{{ }}` strings in schemas with `new Function`, which the CSP (no
 * unsafe-eval) blocks. The engine never emits them; this replaces the evaluator so that one
 * slipping in fails loudly with a clear message instead of as a CSP violation.
 */
export class ExpressionRefusedError extends Error {
  constructor(expression: string) {
    super(`Formily expression {{${expression}}} refused: schemas must express logic as data (no eval under the CSP)`);
    this.name = 'ExpressionRefusedError';
  }
}

let compilerInstalled = false;

export function setUpEngine(locale: Locale): void {
  if (!compilerInstalled) {
    Schema.registerCompiler((expression: string) => {
      throw new ExpressionRefusedError(expression);
    });
    compilerInstalled = true;
  }
  // Trap 5: Formily's built-in messages otherwise follow the browser's language.
  setValidateLanguage(locale);
}
