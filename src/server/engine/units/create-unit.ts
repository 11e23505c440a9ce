import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StudioCreateRequest } from '../../../shared/generated/studio-create-request';
import { ACTIVITY_TEMPLATES, BLANK_ACTIVITY } from '../../../shared/studio/activity-templates';
import { BLANK_FORM, FORM_TEMPLATES } from '../../../shared/studio/form-templates';
import { copiedResourceTexts, resourceTextsFromTemplate } from '../../../shared/studio/new-resource-texts';
import { RESOURCE_TEMPLATES } from '../../../shared/studio/resource-templates';
import {
  activityTextsFromTemplate,
  copiedActivityTexts,
  copiedFormTexts,
  formTextsFromTemplate,
} from '../../../shared/studio/new-unit-texts';
import { blankDictionaryTexts, copiedDictionaryTexts } from '../../../shared/studio/dictionary-texts';
import { requestLocale } from '../../i18n/request-locale';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/route-access';
import { requestAuditEntry } from '../../services/audit/request-audit';
import { writeAudit } from '../../services/audit/write-audit';
import { grantFolderPermission } from '../../services/roles/grant-folder-permission';
import type { CompiledResource } from './compiled-resource';
import { folderGrants } from './folder-grants';
import { SchemaUnitError } from './schema-unit-error';
import { compileContextOf, compileUnitOrRefuse } from './compile-unit';
import { insertPublication, isNameOfPublished, type PublicationRow } from './publication-store';
import { PUBLISH_LOCK } from './publish-unit';
import { requireKindPermission } from './require-kind-permission';
import { DICT_CODE } from './dictionary-registry';
import { registryOf } from './unit-registries';

/** A new resource folder's candidate, or 400 with its problems, as compileUnitOrRefuse words them. */
function newFolderOrRefuse(app: FastifyInstance, name: string, texts: ReadonlyMap<string, string>): CompiledResource {
  try {
    return app.resources.checkNew(name, texts);
  } catch (error) {
    if (error instanceof SchemaUnitError) throw new AppError(400, 'schemaInvalid', { data: { problems: error.unit.problems } });
    throw error;
  }
}

export type NewUnitKind = StudioCreateRequest['kind'];

/**
 * The names a new unit may take. An activity's id is the manifest's pattern (2 to 64 characters); a
 * form's is what the studio's requests and schemas:check accept for forms/<name>.schema.json.
 */
export const NEW_UNIT_NAME: Readonly<Record<NewUnitKind, RegExp>> = {
  activity: /^[a-z][a-z0-9-]{1,63}$/,
  form: /^[a-z][a-z0-9-]{0,63}$/,
  // resource.json's name pattern: the folder, and the URL /api/resources/<name>/….
  resource: /^[a-z][a-z0-9-]{1,39}$/,
  dictionary: DICT_CODE,
};

/** The first version's files: a template (blank is one), or a copy of a live unit of the same kind, renamed. */
function startingTexts(app: FastifyInstance, input: StudioCreateRequest, now: Date): Map<string, string> {
  const { kind, name, title, from } = input;
  if ('copy' in from) {
    const source = registryOf(app, kind).texts(from.copy);
    if (!source) throw new AppError(404, 'notFound');
    if (kind === 'resource') return copiedResourceTexts(source, name, title);
    if (kind === 'dictionary') return copiedDictionaryTexts(source, name, title) ?? blankDictionaryTexts(name, title);
    return kind === 'activity' ? copiedActivityTexts(source, name, title) : copiedFormTexts(source, name, title);
  }
  if (kind === 'resource') {
    // Blank is the simplest workflow: the owner publishes, the staff may take it down.
    const template = 'blank' in from ? RESOURCE_TEMPLATES[0] : RESOURCE_TEMPLATES.find((entry) => entry.name === from.template);
    if (!template) throw new AppError(400, 'schemaTemplateUnknown');
    return resourceTextsFromTemplate(template, name, title);
  }
  // A dictionary starts blank or as a copy: there are no dictionary templates.
  if (kind === 'dictionary') {
    if (!('blank' in from)) throw new AppError(400, 'schemaTemplateUnknown');
    return blankDictionaryTexts(name, title);
  }
  if (kind === 'activity') {
    const template = 'blank' in from ? BLANK_ACTIVITY : ACTIVITY_TEMPLATES.find((entry) => entry.name === from.template);
    if (!template) throw new AppError(400, 'schemaTemplateUnknown');
    return activityTextsFromTemplate(template, name, title, now);
  }
  const template = 'blank' in from ? BLANK_FORM : FORM_TEMPLATES.find((entry) => entry.name === from.template);
  if (!template) throw new AppError(400, 'schemaTemplateUnknown');
  return formTextsFromTemplate(template, name, title);
}

/**
 * Makes a new activity folder, form or dictionary from the studio (ADR 0040, 0046), for holders of the kind's permission
 * (ADR 0041): its name must be free (no live unit,
 * no files, no publication ever held it: 409), its first version must check (400 with the problems).
 * In one transaction, under the publications' lock (so two processes creating one name cannot both
 * win, and ids commit in order), the publication (action create, no base version) and its audit row
 * are written. Then this process installs it and writes its files; every other process installs it at
 * its next poll, as any publication (schema-sync.ts).
 */
export async function createUnit(
  app: FastifyInstance,
  request: FastifyRequest,
  input: StudioCreateRequest,
): Promise<{ row: PublicationRow; texts: ReadonlyMap<string, string> }> {
  const user = requireUser(request);
  const { kind, name } = input;
  if (!NEW_UNIT_NAME[kind].test(name)) throw new AppError(400, 'schemaNameInvalid');
  // Creating a unit is authoring its kind (ADR 0041): 403 and audited without the kind's permission.
  const check = await requireKindPermission(request, { kind, name });
  const registry = registryOf(app, kind);
  const { db } = app.database;
  if (
    registry.texts(name) ||
    (await registry.read(name)) ||
    (await isNameOfPublished(db, kind, name)) ||
    (await registry.holdsName?.(db, name))
  )
    throw new AppError(409, 'schemaNameTaken');
  const now = app.clock();
  const texts = startingTexts(app, input, now);
  // A new record type is also checked for what a folder added after start-up cannot have (ADR 0047).
  const folder = kind === 'resource' ? newFolderOrRefuse(app, name, texts) : undefined;
  const { unit, version } = await compileUnitOrRefuse(compileContextOf(app), registry, name, texts);
  // What a new folder needs in the database before it commits (ADR 0049): its x-unique indexes, built online as for a publication.
  if (folder) await app.resources.beforePublication?.(app.database, name, folder, requestLocale(request));

  const row = await db.transaction(async (tx) => {
    await tx.execute(PUBLISH_LOCK);
    // Another process took the name since the check above.
    if (await isNameOfPublished(tx, kind, name)) throw new AppError(409, 'schemaNameTaken');
    const inserted = await insertPublication(tx, {
      kind,
      name,
      version,
      baseVersion: null,
      files: Object.fromEntries(texts),
      action: 'create',
      actorId: user.id,
      actorName: user.fullname,
      note: input.note ?? null,
      at: now,
    });
    // Its permission id is new: without a holder nobody could use its staff list (ADR 0047). The grants are in the audit row.
    const granted = folder ? await grantFolderPermission(tx, folder.resource.permission, folderGrants(folder)) : [];
    // A kind served from its own rows (dictionaries) writes them here, with the publication (ADR 0046).
    await registry.storeRows?.(tx, name, unit);
    const origin =
      'copy' in input.from ? `copy:${input.from.copy}` : 'template' in input.from ? `template:${input.from.template}` : 'blank';
    const grants = folder ? `；授权 ${folder.resource.permission}（${granted.join('；')}）` : '';
    await writeAudit(
      tx,
      requestAuditEntry(request, {
        event: 'SCHEMA_CREATED',
        result: 'success',
        objectType: 'schema',
        objectId: `${kind}/${name}`,
        action: check,
        reason: `${origin} → ${version.slice(0, 12)}（#${inserted.id}）${grants}`,
      }),
    );
    return inserted;
  });

  registry.install(name, texts);
  try {
    await registry.write(name, texts);
  } catch (error) {
    // The database holds it and every process installs it from there; a restart here installs it too (schema-sync.ts).
    request.log.error({ err: error, unit: `${kind}/${name}` }, 'created schema files could not be written');
  }
  return { row, texts };
}
