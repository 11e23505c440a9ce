import type { FastifyInstance } from 'fastify';
import type { FieldError } from '../../shared/schema/field-error';
import type { Locale } from '../../shared/i18n/locale';
import { requestLocale } from '../i18n/request-locale';
import { serverMessage } from '../i18n/server-messages';
import { AppError } from '../lib/app-error';
import { findInputProblems, MAX_INPUT_DEPTH, MAX_INPUT_PROBLEMS, printableSegment, type InputProblem } from '../lib/find-input-problems';

function fieldErrorOf(problem: InputProblem, locale: Locale): FieldError {
  const path = problem.path.map(printableSegment).join('.');
  if (problem.kind === 'depth')
    return { path, keyword: 'maxDepth', params: { limit: MAX_INPUT_DEPTH }, message: serverMessage('fieldTooDeep', locale) };
  if (problem.kind === 'number')
    return {
      path,
      keyword: 'numberRange',
      params: { limit: Number.MAX_SAFE_INTEGER },
      message: serverMessage('fieldNumberOutOfRange', locale),
    };
  return { path, keyword: 'invalidCharacter', params: {}, message: serverMessage('fieldInvalidCharacter', locale) };
}

/** The 400 for problems findInputProblems found, each on its field. */
export function inputRefusal(problems: InputProblem[], locale: Locale): AppError {
  const tooDeep = problems.find((problem) => problem.kind === 'depth');
  if (tooDeep) return new AppError(400, 'inputTooDeep', { errors: [fieldErrorOf(tooDeep, locale)] });
  const key = problems.every((problem) => problem.kind === 'number') ? 'inputNumberOutOfRange' : 'inputInvalidCharacter';
  return new AppError(400, key, {
    errors: problems.slice(0, MAX_INPUT_PROBLEMS).map((problem) => fieldErrorOf(problem, locale)),
  });
}

/**
 * What no route schema can say, refused once for every route before any schema or handler sees it:
 * a NUL or an unpaired surrogate in any string of the params, the query or the body (PostgreSQL
 * cannot store them, and the query would fail with a 500), a number beyond ±2^53 − 1 (isUnsafeNumber:
 * rounded already, or beyond a bigint column: issue 34), and a body nested deeper than
 * MAX_INPUT_DEPTH (every recursive walk after this one, pruning, ajv, sanitising, is then bounded).
 * Install on the root instance before any route is registered.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problems = [request.params, request.query, request.body].flatMap((part) => findInputProblems(part));
    if (problems.length > 0) throw inputRefusal(problems, requestLocale(request));
  });
}
