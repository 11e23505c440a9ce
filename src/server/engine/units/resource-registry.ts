import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { firstFolderLeftOut, foldersLeftOutAcross } from '../../../shared/resource/check-across-folders';
import { checkResourceFolder } from '../../../shared/resource/check-resource-folder';
import { checkWorkflow } from '../../../shared/resource/check-workflow';
import { sharedWorkflowPath, WORKFLOW_SUFFIX, WORKFLOWS_SUBDIR } from '../../../shared/resource/shared-workflow-path';
import { PERMISSION_IDS } from '../../../shared/permissions/permission-ids';
import { maskedColumnsOf, maskedFieldsOf, sealedColumnsOf, sealedFieldsOf } from '../../../shared/resource/masked-fields-of';
import { RECORD_FILE } from '../../../shared/resource/resource-definition';
import { resourceFolderParts } from '../../../shared/resource/resource-folder-parts';
import { createAjv } from '../../../shared/schema/create-ajv';
import type { Locale } from '../../../shared/i18n/locale';
import type { Database } from '../../db/database';
import type { Runner } from '../../db/write-with-history';
import { folderVersion, isMissingDir, listFolders, parseSchemaFolder, readFolderTexts } from '../../lib/read-schema-folder';
import { readJsonFile } from '../../lib/read-json-file';
import { sha256Hex } from '../../lib/sha256';
import { createRecordIndexer } from '../../services/search/record-indexer';
import { SEGMENTER_VERSION } from '../../services/search/word-segmenter';
import { createRecordSealer, type RecordSealer } from './record-seal';
import type { CompiledResource } from './compiled-resource';
import { definitionOf } from './definition-of';
import { liveChangeProblems } from './live-change-problems';
import { newFolderProblems } from './new-folder-problems';
import { namingFolder, sharedWorkflowProblems } from './shared-workflow-problems';
import type { ResourceAlias } from './resource-alias';
import { FORM_SCHEMA_SUFFIX, FORMS_SUBDIR } from './schema-registry';
import { SchemaUnitError, type SkippedUnit, type UnitProblem } from './schema-unit-error';
import { readUnitFolder, unitFolderNames, writeUnitFiles } from './unit-files';
import type { UnitRegistry } from './unit-registry';

export const RESOURCES_SUBDIR = 'resources';

export type { CompiledResource } from './compiled-resource';

/** What the stored records and the roles refuse of a live folder's candidate (workflow-record-problems.ts). */
export type StoredRecordsGuard = (
  live: CompiledResource,
  candidate: CompiledResource,
  options?: { inSharedFile?: boolean },
) => Promise<UnitProblem[]>;

/**
 * What the live registries outside the folders refuse of a candidate (ADR 0051): a map page's map and
 * dictionary, a matching questionnaire that is no live form. Asked by every check, live folder or new.
 */
export type CandidateGuard = (candidate: CompiledResource) => UnitProblem[];

/** Why the routes cannot serve a new alias of a folder, or undefined when they can. */
export type AliasGuard = (name: string, alias: ResourceAlias) => string | undefined;

/** What a resource publication does in the database (ADR 0045): before its transaction (a new x-unique's check and index), and in it (a first x-mask's unmask grant). */
export interface ResourcePublicationEffects {
  before(
    database: Pick<Database, 'db' | 'kind' | 'executeSql'>,
    live: CompiledResource,
    candidate: CompiledResource,
    locale: Locale,
  ): Promise<void>;
  during(tx: Runner, live: CompiledResource, candidate: CompiledResource): Promise<void>;
}

export interface ResourceRegistry extends UnitRegistry<CompiledResource> {
  /** Gives the registry what a publication does in the database (set once by app.ts; a publication without it fails). */
  usePublicationEffects(effects: ResourcePublicationEffects): void;
  list(): CompiledResource[];
  /** The permission ids the folders declare, for route access's start-up check. */
  permissionIds(): string[];
  /**
   * A candidate for a live folder, compiled and checked alone, across folders with it in place, and
   * against what the running routes were built from; throws SchemaUnitError with every problem.
   */
  check(name: string, texts: ReadonlyMap<string, string>): CompiledResource;
  /**
   * A candidate for a folder that is not live (a record type created in the studio, ADR 0047): checked
   * alone, across folders with it added, for what a folder added after start-up cannot have
   * (new-folder-problems.ts), and for a permission id of its own. Throws SchemaUnitError.
   */
  checkNew(name: string, texts: ReadonlyMap<string, string>): CompiledResource;
  /**
   * The routes' say on a new alias (ADR 0042): a problem when its path is already another route's,
   * which would take its requests. Set by the engine's routes once they are registered.
   */
  guardAliases(guard: AliasGuard): void;
  /**
   * The database's say on a live folder's candidate (ADR 0044: a state removed that records are in, a
   * permission no role holds), asked by compile (the studio's check, the impact report, a publication),
   * not by install: another process installs what was already weighed. Set by the engine's routes.
   */
  guardStoredRecords(guard: StoredRecordsGuard): void;
  /** Adds a say of the live registries on every candidate (map pages, matching questionnaires: ADR 0051). Set by the modules and routes that serve them. */
  guardCandidates(guard: CandidateGuard): void;
  /**
   * Checks a candidate and makes it live: the folder's object keeps its identity, so every route registered with it serves the new content.
   * A name that is not live (and was not left out at start-up) becomes a new folder, served by the parametric routes (ADR 0047).
   */
  install(name: string, texts: ReadonlyMap<string, string>): CompiledResource;
  /** The live folders whose resource.json names the shared workflow `workflow` (schemas/workflows/<workflow>.workflow.json). */
  foldersSharing(workflow: string): CompiledResource[];
  /**
   * A shared workflow's candidate weighed as a publication of each folder that names it (ADR 0053):
   * every such folder compiled with `value` in its place, checked across folders, for what its running
   * routes and module take (live-workflow-problems.ts) and against its stored records and the roles
   * (the stored-records guard), each problem placed in the shared file and naming the folder. Answers the
   * folders' candidates; throws SchemaUnitError with every problem.
   */
  weighSharedWorkflow(workflow: string, value: unknown): Promise<CompiledResource[]>;
  /** Makes `value` the shared workflow `workflow` and installs it in every folder that names it, in place (each folder's object keeps its identity). */
  installSharedWorkflow(workflow: string, value: unknown): void;
}

/** The names of the form files under forms/, whether or not they check: a matching folder's questionnaire must be one. */
async function formFileNames(schemasDir: string): Promise<Set<string>> {
  const dir = join(schemasDir, FORMS_SUBDIR);
  if (await isMissingDir(dir)) return new Set();
  return new Set(
    (await readdir(dir)).filter((file) => file.endsWith(FORM_SCHEMA_SUFFIX)).map((file) => file.slice(0, -FORM_SCHEMA_SUFFIX.length)),
  );
}

export async function loadSharedWorkflows(schemasDir: string): Promise<Map<string, unknown>> {
  const dir = join(schemasDir, WORKFLOWS_SUBDIR);
  const workflows = new Map<string, unknown>();
  if (await isMissingDir(dir)) return workflows;
  for (const file of (await readdir(dir)).filter((name) => name.endsWith(WORKFLOW_SUFFIX)).sort()) {
    const relative = `${WORKFLOWS_SUBDIR}/${file}`;
    const value = await readJsonFile(join(dir, file), relative);
    const problems = checkWorkflow(relative, value);
    if (problems.length > 0)
      throw new Error(
        `共享工作流 ${relative} 有误：\n${problems.map((problem) => `${problem.file}#${problem.pointer}: ${problem.message}`).join('\n')}`,
      );
    workflows.set(file.slice(0, -WORKFLOW_SUFFIX.length), value);
  }
  return workflows;
}

function compileResource(
  name: string,
  files: Map<string, unknown>,
  version: string,
  sharedWorkflows: ReadonlyMap<string, unknown>,
  sealer: RecordSealer | undefined,
): CompiledResource {
  const parts = resourceFolderParts(name, files, sharedWorkflows);
  const { resource, record } = parts;
  const properties = Object.entries(record.properties ?? {});
  return {
    ...parts,
    // A shared workflow is part of what a record was checked against.
    version: resource.workflow === undefined ? version : sha256Hex(`${version}\u0000${JSON.stringify(parts.workflow)}`),
    // checkResourceFolder has run checkSchema on the record schema.
    validate: createAjv({ checked: true }).compile(record),
    uniqueFields: properties.filter(([, node]) => node['x-unique'] === true).map(([field]) => field),
    captchaField: properties.find(([, node]) => node['x-component'] === 'Captcha')?.[0],
    sealer: resource.seal === true ? sealer : undefined,
    indexer:
      resource.search && resource.visitors
        ? createRecordIndexer(
            name,
            resource.search,
            resource.visitors.states,
            sha256Hex(`${SEGMENTER_VERSION}\n${JSON.stringify(resource.search)}`),
          )
        : undefined,
    maskedFields: maskedFieldsOf(record),
    maskedColumns: maskedColumnsOf(record),
    sealedFields: sealedFieldsOf(record),
    sealedColumns: sealedColumnsOf(record),
  };
}

/** A folder's problems, each written `file#/pointer: 中文说明`, as the error that leaves it out. */
function folderError(name: string, lines: readonly string[]): SchemaUnitError {
  return new SchemaUnitError(
    `${RESOURCES_SUBDIR}/${name}`,
    lines.map((line) => {
      const [, file = `${RESOURCES_SUBDIR}/${name}`, pointer = '', message = line] = /^([^#]*)#([^:]*): ([\s\S]*)$/.exec(line) ?? [];
      return { file, pointer, message };
    }),
  );
}

/**
 * Checks and compiles one resource folder's text on its own (the checks across folders need the
 * others); throws SchemaUnitError with every problem as schemas:check words it.
 */
export function compileResourceFolder(
  name: string,
  texts: ReadonlyMap<string, string>,
  sharedWorkflows: ReadonlyMap<string, unknown>,
  sealer?: RecordSealer,
): CompiledResource {
  const relative = `${RESOURCES_SUBDIR}/${name}`;
  let read;
  try {
    read = parseSchemaFolder(texts, relative);
  } catch (error) {
    throw folderError(name, [(error as Error).message]);
  }
  const problems = checkResourceFolder(name, read.files, sharedWorkflows);
  if (problems.length > 0)
    throw new SchemaUnitError(
      relative,
      problems.map((problem) => ({ ...problem, file: `${relative}/${problem.file}` })),
    );
  try {
    return compileResource(name, read.files, read.version, sharedWorkflows, sealer);
  } catch (error) {
    throw new SchemaUnitError(relative, [
      { file: `${relative}/${RECORD_FILE}`, pointer: '', message: `无法编译（${(error as Error).message}）` },
    ]);
  }
}

/**
 * Loads every `resources/<name>/` folder under the schemas folder, with the shared workflows it may
 * name. A broken folder is left out with each problem as `file#/pointer: 中文说明`, the same report
 * as `npm run schemas:check` (which still fails on it), so the rest of the portal runs; app.ts logs it
 * and the health details list it. A broken shared workflow still stops the start: every folder that
 * names it would be wrong. Adding a folder and restarting is all a content administrator does.
 */
export async function loadResourceRegistry(schemasDir: string, options: { sealKey?: Buffer } = {}): Promise<ResourceRegistry> {
  const sealer = options.sealKey ? createRecordSealer(options.sealKey) : undefined;
  const root = join(schemasDir, RESOURCES_SUBDIR);
  const resources = new Map<string, CompiledResource>();
  const texts = new Map<string, ReadonlyMap<string, string>>();
  const skipped: SkippedUnit[] = [];
  const sharedWorkflows = await loadSharedWorkflows(schemasDir);
  if (!(await isMissingDir(root))) {
    for (const folder of await listFolders(root)) {
      try {
        const folderTexts = await readFolderTexts(join(root, folder));
        texts.set(folder, folderTexts);
        resources.set(folder, compileResourceFolder(folder, folderTexts, sharedWorkflows, sealer));
      } catch (error) {
        if (!(error instanceof SchemaUnitError)) throw error;
        skipped.push(error.unit);
      }
    }
  }
  // A folder that fails a check across folders is left out too (the same checks as schemas:check's).
  for (const { folder, problems } of foldersLeftOutAcross(resources, await formFileNames(schemasDir))) {
    resources.delete(folder);
    skipped.push({ path: `${RESOURCES_SUBDIR}/${folder}`, problems });
  }
  for (const name of texts.keys()) if (!resources.has(name)) texts.delete(name);
  // Before the routes are registered (a publication installed at start), every alias becomes a route of its own.
  let aliasGuard: AliasGuard = () => undefined;
  let storedRecordsGuard: StoredRecordsGuard = async () => [];
  const candidateGuards: CandidateGuard[] = [];
  const candidateProblems = (candidate: CompiledResource): UnitProblem[] => candidateGuards.flatMap((guard) => guard(candidate));

  const check = (name: string, candidateTexts: ReadonlyMap<string, string>): CompiledResource => {
    const live = resources.get(name);
    if (!live) throw new Error(`resource folder ${name} is not live`);
    const candidate = compileResourceFolder(name, candidateTexts, sharedWorkflows, sealer);
    // Retiring (resource.json retired, ADR 0047) is read at each create: live, whatever liveChangeProblems says of the file's other keys.
    const asRetired = { ...live, resource: { ...live.resource, retired: candidate.resource.retired } };
    if (asRetired.resource.retired === undefined) delete asRetired.resource.retired;
    const problems = [...liveChangeProblems(asRetired, candidate, (alias) => aliasGuard(name, alias)), ...candidateProblems(candidate)];
    if (problems.length > 0) throw new SchemaUnitError(`${RESOURCES_SUBDIR}/${name}`, problems);
    // The other folders as they are, with this one replaced: one of them may name a list or a state it no longer has.
    const refused = firstFolderLeftOut(new Map([...resources, [name, candidate]]));
    if (refused) throw new SchemaUnitError(`${RESOURCES_SUBDIR}/${refused.folder}`, refused.problems);
    return candidate;
  };
  // What a publication does in the database (records' floor, below which this one may not reach): given by app.ts.
  let effects: ResourcePublicationEffects | undefined;
  const requireEffects = (): ResourcePublicationEffects => {
    if (!effects) throw new Error('resource publication effects not set (app.ts usePublicationEffects)');
    return effects;
  };
  const path = (name: string) => `${RESOURCES_SUBDIR}/${name}`;
  const checkNew = (name: string, candidateTexts: ReadonlyMap<string, string>): CompiledResource => {
    const candidate = compileResourceFolder(name, candidateTexts, sharedWorkflows, sealer);
    const problems = [...newFolderProblems(candidate, (alias) => aliasGuard(name, alias)), ...candidateProblems(candidate)];
    const permission = candidate.resource.permission;
    // A permission id another folder or the product already checks would hand the new folder that id's grants, and theirs its own.
    if (
      (Object.values(PERMISSION_IDS) as string[]).includes(permission) ||
      [...resources.values()].some((other) => other.resource.permission === permission)
    )
      problems.push({
        file: `${path(name)}/resource.json`,
        pointer: '/permission',
        message: `权限标识 "${permission}" 已被使用，新建的记录类型须有自己的权限标识`,
      });
    if (problems.length > 0) throw new SchemaUnitError(path(name), problems);
    const refused = firstFolderLeftOut(new Map([...resources, [name, candidate]]));
    if (refused) throw new SchemaUnitError(`${RESOURCES_SUBDIR}/${refused.folder}`, refused.problems);
    return candidate;
  };
  const leftOut = (name: string): boolean => skipped.some((unit) => unit.path === path(name));
  const foldersSharing = (workflow: string): CompiledResource[] =>
    [...resources.values()].filter((folder) => folder.resource.workflow === workflow);
  /** The folders naming `workflow`, compiled with `value` in its place; throws SchemaUnitError with every folder's problems. */
  const compileSharing = (workflow: string, value: unknown): CompiledResource[] => {
    const shared = new Map(sharedWorkflows).set(workflow, value);
    const candidates: CompiledResource[] = [];
    const problems: UnitProblem[] = [];
    for (const live of foldersSharing(workflow)) {
      try {
        const candidate = compileResourceFolder(live.name, texts.get(live.name) ?? new Map(), shared, sealer);
        candidates.push(candidate);
        problems.push(...sharedWorkflowProblems(live, candidate));
      } catch (error) {
        if (!(error instanceof SchemaUnitError)) throw error;
        problems.push(...error.unit.problems);
      }
    }
    if (problems.length > 0) throw new SchemaUnitError(sharedWorkflowPath(workflow), problems);
    const refused = firstFolderLeftOut(new Map([...resources, ...candidates.map((candidate) => [candidate.name, candidate] as const)]));
    if (refused) throw new SchemaUnitError(`${RESOURCES_SUBDIR}/${refused.folder}`, refused.problems);
    return candidates;
  };
  return {
    kind: 'resource',
    path,
    filePrefix: (name) => `${path(name)}/`,
    unitNames: () => unitFolderNames(root, resources.keys()),
    get: (name) => resources.get(name),
    read: (name) => readUnitFolder(join(root, name)),
    write: (name, folderTexts) => writeUnitFiles(join(root, name), folderTexts, { removeOthers: true }),
    versionOf: folderVersion,
    title: (name) => resources.get(name)?.resource.title ?? name,
    retired: (name) => resources.get(name)?.resource.retired === true,
    // A folder left out at start-up is checked on its own: it goes live at the next start.
    compile: async (name, candidateTexts) => {
      const live = resources.get(name);
      if (!live) return compileResourceFolder(name, candidateTexts, await loadSharedWorkflows(schemasDir));
      const candidate = check(name, candidateTexts);
      const problems = await storedRecordsGuard(live, candidate);
      if (problems.length > 0) throw new SchemaUnitError(`${RESOURCES_SUBDIR}/${name}`, problems);
      return candidate;
    },
    preview: (resource) => ({ ...definitionOf(resource) }),
    canInstall: (name) => resources.has(name),
    list: () => [...resources.values()],
    permissionIds: () => [...new Set([...resources.values()].map((entry) => entry.resource.permission))],
    skipped: () => skipped,
    texts: (name) => texts.get(name),
    check,
    checkNew,
    guardAliases: (guard) => {
      aliasGuard = guard;
    },
    beforePublication: async (database, name, candidate, locale) => {
      const live = resources.get(name);
      if (live) await requireEffects().before(database, live, candidate, locale);
      // A folder created in the studio (ADR 0049): its x-unique indexes are built before the creation commits, as for a new x-unique.
      else if (!leftOut(name)) await requireEffects().before(database, { ...candidate, uniqueFields: [] }, candidate, locale);
    },
    inPublication: async (tx, name, candidate) => {
      const live = resources.get(name);
      if (live) await requireEffects().during(tx, live, candidate);
    },
    usePublicationEffects: (given) => {
      effects = given;
    },
    guardStoredRecords: (guard) => {
      storedRecordsGuard = guard;
    },
    guardCandidates: (guard) => {
      candidateGuards.push(guard);
    },
    foldersSharing,
    weighSharedWorkflow: async (workflow, value) => {
      const candidates = compileSharing(workflow, value);
      const problems: UnitProblem[] = [];
      for (const candidate of candidates) {
        const live = resources.get(candidate.name);
        if (!live) continue;
        const found = await storedRecordsGuard(live, candidate, { inSharedFile: true });
        problems.push(...found.map((problem) => namingFolder(live, problem)));
      }
      if (problems.length > 0) throw new SchemaUnitError(sharedWorkflowPath(workflow), problems);
      return candidates;
    },
    installSharedWorkflow: (workflow, value) => {
      const candidates = compileSharing(workflow, value);
      sharedWorkflows.set(workflow, value);
      for (const candidate of candidates) {
        const live = resources.get(candidate.name);
        if (live) Object.assign(live, { ...candidate, sealer: live.sealer });
      }
    },
    install: (name, candidateTexts) => {
      const live = resources.get(name);
      if (!live) {
        // A folder left out at start-up is its files' to fix, and goes live at the next start.
        if (leftOut(name)) throw new Error(`resource folder ${name} was left out at start-up`);
        const created = checkNew(name, candidateTexts);
        resources.set(name, created);
        texts.set(name, new Map(candidateTexts));
        return created;
      }
      const candidate = check(name, candidateTexts);
      // Its sealer was handed to the seal checks at start-up (seal is not published live). The candidate's indexer
      // replaces the live one: a changed search block was re-indexed in the publication's transaction (ADR 0048).
      Object.assign(live, { ...candidate, sealer: live.sealer });
      texts.set(name, new Map(candidateTexts));
      return live;
    },
  };
}
