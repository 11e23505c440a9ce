import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import type { StudioImpactReport } from '../../src/shared/generated/studio-impact-report';
import type { Database } from '../../src/server/db/database';
import { isMissingDir, listFolders, readFolderTexts } from '../../src/server/lib/read-schema-folder';
import { ACTIVITIES_SUBDIR, compileActivityFolder } from '../../src/server/engine/units/activity-registry';
import { compileFormSchema, FORM_SCHEMA_SUFFIX, FORMS_SUBDIR } from '../../src/server/engine/units/schema-registry';
import { compileResourceFolder, loadSharedWorkflows, RESOURCES_SUBDIR } from '../../src/server/engine/units/resource-registry';
import { activityImpact, formImpact, resourceImpact } from '../../src/server/modules/studio/impact-report';
import { listPublications } from '../../src/server/engine/units/publication-store';
import { SchemaUnitError } from '../../src/server/engine/units/schema-unit-error';
import type { StudioKind } from '../../src/server/engine/units/studio-units';

const run = promisify(execFile);

export interface UnitImpact {
  unit: string;
  /** What the files were compared with. */
  baseline: 'publication' | 'git' | 'none';
  report?: StudioImpactReport;
}

/** The unit's text in git's HEAD (what was committed before this edit), or undefined outside a repository. */
async function gitHeadTexts(schemasDir: string, unitPath: string, kind: StudioKind): Promise<Map<string, string> | undefined> {
  try {
    const { stdout: top } = await run('git', ['-C', schemasDir, 'rev-parse', '--show-toplevel']);
    const inRepo = relative(top.trim(), join(schemasDir, unitPath)).split('\\').join('/');
    const { stdout: listing } = await run('git', [
      '-C',
      top.trim(),
      'ls-tree',
      '-r',
      '--name-only',
      'HEAD',
      '--',
      kind === 'form' ? inRepo : `${inRepo}/`,
    ]);
    const names = listing.split('\n').filter(Boolean);
    if (names.length === 0) return undefined;
    const texts = new Map<string, string>();
    for (const name of names) {
      const { stdout } = await run('git', ['-C', top.trim(), 'show', `HEAD:${name}`], { maxBuffer: 16 * 1024 * 1024 });
      // A folder's files by their path in it (a resource's lists/…), a form by its file name.
      texts.set(kind === 'form' ? name.slice(name.lastIndexOf('/') + 1) : name.slice(inRepo.length + 1), stdout);
    }
    return texts;
  } catch {
    return undefined;
  }
}

/** The version the files are weighed against: the database's latest publication, else git's HEAD. */
async function baselineOf(
  database: Database,
  schemasDir: string,
  kind: StudioKind,
  name: string,
  unitPath: string,
): Promise<{ baseline: UnitImpact['baseline']; texts?: Map<string, string> }> {
  const latest = (await listPublications(database.db, kind, name, 1))[0];
  if (latest) return { baseline: 'publication', texts: new Map(Object.entries(latest.files)) };
  const head = await gitHeadTexts(schemasDir, unitPath, kind);
  return head ? { baseline: 'git', texts: head } : { baseline: 'none' };
}

/**
 * `npm run schemas:check -- --impact`: the studio's impact report for every activity folder, form and
 * resource folder in the files, against the database, for those who edit schemas in git. A unit whose
 * files do not check is left to the check's own report.
 */
export async function impactFromCli(database: Database, schemasDir: string): Promise<UnitImpact[]> {
  const results: UnitImpact[] = [];
  const activitiesDir = join(schemasDir, ACTIVITIES_SUBDIR);
  for (const name of (await isMissingDir(activitiesDir)) ? [] : await listFolders(activitiesDir)) {
    const unitPath = `${ACTIVITIES_SUBDIR}/${name}`;
    try {
      const candidate = compileActivityFolder(name, await readFolderTexts(join(activitiesDir, name)));
      const { baseline, texts } = await baselineOf(database, schemasDir, 'activity', name, unitPath);
      // Without a version to compare with, every record is weighed as it is.
      const live = texts ? compileActivityFolder(name, texts) : undefined;
      results.push({
        unit: unitPath,
        baseline,
        report: await activityImpact(database.db, live ?? candidate, candidate, 'zh-CN', { absolute: !live }),
      });
    } catch (error) {
      if (!(error instanceof SchemaUnitError)) throw error;
    }
  }
  for (const file of (await readdir(join(schemasDir, FORMS_SUBDIR))).filter((entry) => entry.endsWith(FORM_SCHEMA_SUFFIX)).sort()) {
    const name = file.slice(0, -FORM_SCHEMA_SUFFIX.length);
    const unitPath = `${FORMS_SUBDIR}/${file}`;
    try {
      const candidate = compileFormSchema(name, await readFile(join(schemasDir, unitPath), 'utf8'));
      const { baseline, texts } = await baselineOf(database, schemasDir, 'form', name, unitPath);
      const live = texts ? compileFormSchema(name, [...texts.values()][0] ?? '') : undefined;
      results.push({
        unit: unitPath,
        baseline,
        report: await formImpact(database.db, live ?? candidate, candidate, 'zh-CN', { absolute: !live }),
      });
    } catch (error) {
      if (!(error instanceof SchemaUnitError)) throw error;
    }
  }
  const resourcesDir = join(schemasDir, RESOURCES_SUBDIR);
  const workflows = await loadSharedWorkflows(schemasDir);
  for (const name of (await isMissingDir(resourcesDir)) ? [] : await listFolders(resourcesDir)) {
    const unitPath = `${RESOURCES_SUBDIR}/${name}`;
    try {
      const candidate = compileResourceFolder(name, await readFolderTexts(join(resourcesDir, name)), workflows);
      const { baseline, texts } = await baselineOf(database, schemasDir, 'resource', name, unitPath);
      const live = texts ? compileResourceFolder(name, texts, workflows) : undefined;
      results.push({
        unit: unitPath,
        baseline,
        report: await resourceImpact(database.db, live ?? candidate, candidate, 'zh-CN', { absolute: !live }),
      });
    } catch (error) {
      if (!(error instanceof SchemaUnitError)) throw error;
    }
  }
  return results;
}
