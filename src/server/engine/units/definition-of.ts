import type { ResourceDefinition } from '../../../shared/generated/resource-definition';
import type { CompiledResource } from './compiled-resource';

/** What the browser renders a resource's pages from: served at each request (a publication may change it), and the studio's preview of a candidate. */
export function definitionOf(resource: CompiledResource): ResourceDefinition {
  return {
    name: resource.name,
    title: resource.resource.title,
    ...(resource.resource.locale?.['en-US'] ? { titleEn: resource.resource.locale['en-US'].title } : {}),
    permission: resource.resource.permission,
    owner: resource.resource.owner,
    anonymousCreate: resource.resource.anonymousCreate === true,
    ...(resource.resource.createAction === undefined ? {} : { createAction: resource.resource.createAction }),
    ...(resource.resource.submitMode === undefined ? {} : { submitMode: resource.resource.submitMode }),
    ...(resource.resource.source === undefined ? {} : { source: resource.resource.source }),
    ...(resource.resource.import === undefined ? {} : { importable: true }),
    ...(resource.resource.qrCodes === undefined
      ? {}
      : {
          qrCodes: resource.resource.qrCodes.map((code) => ({
            title: code.title,
            titleEn: code.locale?.['en-US']?.title ?? code.title,
            href: code.href,
          })),
        }),
    record: resource.record,
    workflow: resource.workflow as unknown as Record<string, unknown>,
    lists: resource.lists as unknown as Record<string, Record<string, unknown>>,
  };
}
