import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResourceListFile } from '../../src/shared/generated/resource-list-file';
import type { WorkflowFile } from '../../src/shared/generated/workflow-file';
import { listRequestSchema } from '../../src/shared/resource/list-fields';
import { createAjv } from '../../src/shared/schema/create-ajv';
import type { JsonSchema } from '../../src/shared/schema/json-schema';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

/** docs/schema-authoring.md §14.1's example request, as an author would send it. */
function guideExample(): { url: string; body: unknown } {
  const guide = readFileSync(path.join(ROOT, 'docs/schema-authoring.md'), 'utf8');
  const section = guide.slice(guide.indexOf('### 14.1'));
  const block = /```json\n(POST \S+)\n([\s\S]*?)\n```/.exec(section);
  return { url: block?.[1]?.slice('POST '.length) ?? '', body: JSON.parse(block?.[2] ?? 'null') };
}

describe('the list request in docs/schema-authoring.md §14.1', () => {
  const list = read<ResourceListFile>('schemas/resources/need/lists/hall.list.json');
  const record = read<JsonSchema>('schemas/resources/need/record.schema.json');
  const workflow = read<WorkflowFile>('schemas/resources/need/workflow.json');
  const validate = createAjv().compile(listRequestSchema(list, record, workflow));

  it('names the need hall list and is a body its route accepts', () => {
    const { url, body } = guideExample();
    expect(url).toBe('/api/resources/need/lists/hall');
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('is refused with a property the table does not list, or a page beyond 100', () => {
    const { body } = guideExample();
    expect(validate({ ...(body as object), colour: 'red' })).toBe(false);
    expect(validate({ ...(body as object), pageSize: 101 })).toBe(false);
  });
});
