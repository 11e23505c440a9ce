/** One problem of a schema file, the way schemas:check reports it. */
export interface UnitProblem {
  /** Relative to the schemas folder, e.g. `activities/science-voucher/basic.schema.json`. */
  file: string;
  pointer: string;
  /** In Chinese, the same words as schemas:check. */
  message: string;
}

/** A schema unit (an activity folder, a form file) left out or refused, with each of its problems. */
export interface SkippedUnit {
  /** Relative to the schemas folder, e.g. `activities/science-voucher` or `forms/message.schema.json`. */
  path: string;
  problems: UnitProblem[];
}

export function formatUnitProblem(problem: UnitProblem): string {
  return `${problem.file}#${problem.pointer}: ${problem.message}`;
}

/** Thrown when a unit's text does not check or compile: the start leaves it out, the studio shows why. */
export class SchemaUnitError extends Error {
  readonly unit: SkippedUnit;

  constructor(path: string, problems: UnitProblem[]) {
    super(`${path} 有误：\n${problems.map(formatUnitProblem).join('\n')}`);
    this.name = 'SchemaUnitError';
    this.unit = { path, problems };
  }
}
