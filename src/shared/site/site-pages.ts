import type { ResourceFile } from '../generated/resource-file';
import type { ResourceListFile } from '../generated/resource-list-file';
import { FIXED_PAGES, type PageAccess } from './fixed-pages';

/** What the page map reads of a resource folder (a compiled one on the server, parsed files in schemas:check). */
export interface FolderPages {
  resource: Pick<ResourceFile, 'pages' | 'visitors'>;
  lists: Readonly<Record<string, Pick<ResourceListFile, 'audience'>>>;
}

/**
 * Who may open a folder's page, as the client's page host decides it (resource-page-alias.tsx): a
 * list or map over a visitors' list and a detail of a folder with visitors are open; a form, notes,
 * done, redirect and the matching pages are open too (a form shows 请先登录 to a visitor, spec §1);
 * any other list or detail needs an account.
 */
function folderPageAccess(folder: FolderPages, page: NonNullable<ResourceFile['pages']>[number]): PageAccess {
  if (page.page === 'list' || page.page === 'map')
    return page.list !== undefined && folder.lists[page.list]?.audience === 'public' ? 'open' : 'account';
  if (page.page === 'detail') return folder.resource.visitors === undefined ? 'account' : 'open';
  return 'open';
}

/** Every page of the portal by path, with who may open it: the client's fixed pages and every folder's pages. */
export function sitePages(folders: Iterable<FolderPages>): Map<string, PageAccess> {
  const pages = new Map<string, PageAccess>(Object.entries(FIXED_PAGES));
  for (const folder of folders) for (const page of folder.resource.pages ?? []) pages.set(page.path, folderPageAccess(folder, page));
  return pages;
}
