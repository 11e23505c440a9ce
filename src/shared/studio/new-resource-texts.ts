import { parse } from 'jsonc-parser';
import type { ResourceFile } from '../generated/resource-file';
import { RECORD_FILE, recordSchemaId, RESOURCE_FILE, WORKFLOW_FILE } from '../resource/resource-definition';
import { jsonFileText } from '../schema/json-file-text';
import { setJsonValue } from '../schema/set-json-value';
import { mineList, permissionIdOf, staffList, TEMPLATE_RECORD, type ResourceTemplate } from './resource-templates';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/**
 * A new resource folder's files from a template (ADR 0047): resource.json with a permission id of its
 * own (from the name), the template's grants and its workflow in the folder, a record of a title and a
 * description, and the owner's and the staff's lists.
 */
export function resourceTextsFromTemplate(template: ResourceTemplate, name: string, title: string): Map<string, string> {
  const resource: ResourceFile = {
    $schema: '../../meta/resource.schema.json',
    name,
    title,
    permission: permissionIdOf(name),
    owner: 'user',
    submitMode: 'draft',
    ...(Object.keys(template.grants).length > 0 ? { grants: template.grants } : {}),
  };
  return new Map([
    [RESOURCE_FILE, jsonFileText(resource)],
    [RECORD_FILE, jsonFileText({ $schema: DRAFT_07, $id: recordSchemaId(name), title, ...TEMPLATE_RECORD })],
    [WORKFLOW_FILE, jsonFileText({ $schema: '../../meta/workflow.schema.json', ...template.workflow })],
    ['lists/mine.list.json', jsonFileText({ $schema: '../../../meta/resource-list.schema.json', ...mineList(title, template) })],
    ['lists/all.list.json', jsonFileText({ $schema: '../../../meta/resource-list.schema.json', ...staffList(title, template) })],
  ]);
}

/**
 * A copy of a resource folder under a new name: resource.json's name, title and permission (its own,
 * from the name: a copy never shares the source's grants) rewritten, and what belongs to the source's
 * place in the portal dropped: its spec aliases and pages (their paths are the source's), its search
 * entry, `retired`, and its lists' `links` (they lead to the source's pages, which would open the source's
 * records by the copy's ids; without them a row leads to the engine's own pages of the copy; a folder with
 * a `source` needs them, and its copy is refused for the source itself). The record's `$id` names the folder. Everything else is copied as written; the
 * checks that follow name what a new folder cannot have live.
 */
export function copiedResourceTexts(source: ReadonlyMap<string, string>, name: string, title: string): Map<string, string> {
  const texts = new Map<string, string>();
  const fromModule = (parse(source.get(RESOURCE_FILE) ?? '{}') as { source?: unknown } | undefined)?.source !== undefined;
  for (const [file, text] of source) {
    if (file === RESOURCE_FILE) {
      let edited = setJsonValue(setJsonValue(setJsonValue(text, ['name'], name), ['title'], title), ['permission'], permissionIdOf(name));
      for (const key of ['aliases', 'pages', 'search', 'retired', 'locale']) edited = setJsonValue(edited, [key], undefined);
      texts.set(file, edited);
    } else if (file === RECORD_FILE) {
      texts.set(file, setJsonValue(text, ['$id'], recordSchemaId(name)));
    } else if (file.startsWith('lists/') && !fromModule) {
      texts.set(file, setJsonValue(text, ['links'], undefined));
    } else {
      texts.set(file, text);
    }
  }
  return texts;
}

/** The folder's files with `"retired": true` in resource.json: what a retirement publishes. */
export function retiredResourceTexts(source: ReadonlyMap<string, string>): Map<string, string> {
  const texts = new Map(source);
  const resource = source.get(RESOURCE_FILE);
  if (resource !== undefined) texts.set(RESOURCE_FILE, setJsonValue(resource, ['retired'], true));
  return texts;
}
