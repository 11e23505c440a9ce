import type { ValidateFunction } from 'ajv';
import type { MaskName } from '../../../shared/rules/mask';
import type { ResourceDefinition } from '../../../shared/resource/resource-definition';
import type { RecordIndexer } from '../../services/search/record-indexer';
import type { RecordSealer } from './record-seal';

/** A resource folder, checked and compiled at start-up; a studio publication replaces its content in place (live-change-problems.ts says what it may change). */
export interface CompiledResource extends ResourceDefinition {
  /** The record schema, compiled by the shared ajv factory. */
  validate: ValidateFunction;
  /** The top-level properties marked x-unique. */
  uniqueFields: string[];
  /** The top-level Captcha field, if the record has one: checked last, never stored. */
  captchaField: string | undefined;
  /** Top-level fields shown masked (x-mask, SECURITY R35), with their mask. */
  maskedFields: [string, MaskName][];
  /** Columns of top-level tables shown masked (x-mask on a table column), as [table, column, mask]. */
  maskedColumns: [string, string, MaskName][];
  /** Top-level fields stored sealed (x-mask or x-personal, SECURITY R34, ADR 0070), with their kind. */
  sealedFields: [string, MaskName][];
  /** Columns of top-level tables stored sealed, as [table, column, kind]. */
  sealedColumns: [string, string, MaskName][];
  /** For a folder with seal (SECURITY R34): seals its rows at every write and verifies them at every read. */
  sealer: RecordSealer | undefined;
  /** For a searchable folder (resource.json search): keeps its public records' documents in the search index at every write. */
  indexer: RecordIndexer | undefined;
}
