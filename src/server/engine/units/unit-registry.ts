import type { StudioUnitQuery } from '../../../shared/generated/studio-unit-query';
import type { Locale } from '../../../shared/i18n/locale';
import type { Database, Db } from '../../db/database';
import type { Runner } from '../../db/write-with-history';
import type { SkippedUnit } from './schema-unit-error';

export type UnitKind = StudioUnitQuery['kind'];

/**
 * What every kind of schema unit (an activity folder, a form file, a resource folder, the site's
 * navigation file, a dashboard, a dictionary) offers the studio, a publication and the schema sync, so that they look the
 * registry up by the unit's kind (unit-registries.ts) and never switch on it. `Unit` is the compiled unit: the live one, and what a
 * candidate compiles to.
 */
export interface UnitRegistry<Unit> {
  readonly kind: UnitKind;
  /** The unit's place under the schemas folder: `activities/<id>`, `forms/<name>.schema.json`, `resources/<name>`, `site/navigation.json`. */
  path(name: string): string;
  /** What the file of each of the unit's problems starts with: `activities/<id>/`, `forms/`, `resources/<name>/`, `site/`. */
  filePrefix(name: string): string;
  /** Every unit of this kind, live or only on disk (left out at start-up), sorted. */
  unitNames(): Promise<string[]>;
  /** The live unit, compiled. */
  get(name: string): Unit | undefined;
  /** The live version's files as text (what the studio opens and a publication is compared with), or undefined when the unit is not live. */
  texts(name: string): ReadonlyMap<string, string> | undefined;
  /**
   * For a kind whose units retire (activities, record types, forms, dictionaries: ADR 0040, 0047, 0055):
   * whether the live unit is retired, hidden from new use and kept for what already uses it.
   */
  retired?(name: string): boolean;
  /** The unit's files on disk (a unit left out at start-up is opened from here), or undefined when there are none. */
  read(name: string): Promise<Map<string, string> | undefined>;
  /**
   * Writes a published unit's files, so git, schemas:check and the next start see what is live. Each
   * file is written beside and renamed over, so a reader never sees half a file; a folder loses the
   * files the publication does not have.
   */
  write(name: string, texts: ReadonlyMap<string, string>): Promise<void>;
  /** The version a record or draft remembers of this text. */
  versionOf(texts: ReadonlyMap<string, string>): string;
  /** What the studio lists the live unit as; its name when it has no title or is not live. */
  title(name: string): string;
  /**
   * Checks and compiles a candidate's text the way schemas:check checks the files (a live resource
   * folder's also against what its running routes were built from); throws SchemaUnitError with
   * every problem. Nothing goes live.
   */
  compile(name: string, texts: ReadonlyMap<string, string>): Promise<Unit>;
  /** What the studio's preview renders of a compiled candidate. */
  preview(unit: Unit, now: Date): Record<string, unknown>;
  /** Whether a publication can go live in this process without a restart (a resource folder left out at start-up has no routes). */
  canInstall(name: string): boolean;
  /** Makes these texts the live version in this process; throws SchemaUnitError when they do not check. */
  install(name: string, texts: ReadonlyMap<string, string>): Unit;
  /** The units left out at start-up, each with its problems (logged, in the health details and the studio). */
  skipped(): readonly SkippedUnit[];
  /** For a kind whose drafts keep the version they were started on (activities): moves the open drafts to this version, in the publication's transaction. */
  moveDrafts?(db: Pick<Db, 'update'>, name: string, version: string): Promise<void>;
  /**
   * What a publication of the unit needs in the database before its transaction, outside it (a resource
   * folder's new x-unique: stored records checked, its index built online, ADR 0045); throws an AppError to refuse it.
   */
  beforePublication?(database: Pick<Database, 'db' | 'kind' | 'executeSql'>, name: string, unit: Unit, locale: Locale): Promise<void>;
  /** What a publication of the unit writes in its own transaction (a resource folder's first x-mask: the administrator's unmask, ADR 0045). */
  inPublication?(tx: Runner, name: string, unit: Unit): Promise<void>;
  /**
   * For a kind that is served from rows of its own (dictionaries: dicts, dict_items): writes the
   * compiled unit's rows in the publication's or creation's transaction, so every process reads the
   * new version from the database the moment it commits (ADR 0046).
   */
  storeRows?(db: Pick<Db, 'insert' | 'update'>, name: string, unit: Unit): Promise<void>;
  /** For such a kind: whether its rows hold this name without a file or publication (a dictionary seeded once, its file since removed). A new unit may not take it. */
  holdsName?(db: Pick<Db, 'select'>, name: string): Promise<boolean>;
}
