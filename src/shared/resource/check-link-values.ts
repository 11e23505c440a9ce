import type { ResourceFolderParts } from './resource-folder-parts';

type Folders = ReadonlyMap<string, ResourceFolderParts>;

/** One refusal of a link's carried values, at its pointer in the folder's resource.json. */
export interface LinkValueProblem {
  pointer: string;
  message: string;
}

/** The form page (page new, of any folder) a link's address leads to, without its query. */
function formAt(folders: Folders, href: string): ResourceFolderParts | undefined {
  const path = href.split('?')[0];
  return [...folders.values()].find((folder) => (folder.resource.pages ?? []).some((page) => page.path === path && page.page === 'new'));
}

/**
 * A detail page's link that carries values into a form (resource.json link values) leads to a form
 * page, names only top-level fields of that form's record, and takes each from one of this record's
 * fields (id, or a top-level field; for a page visitors see, one they are sent) or a constant, not both.
 */
export function linkValueProblems(folder: ResourceFolderParts, folders: Folders): LinkValueProblem[] {
  const problems: LinkValueProblem[] = [];
  const own = folder.record.properties ?? {};
  const visitorFields = folder.resource.visitors?.fields;
  (folder.resource.pages ?? []).forEach((page, index) => {
    (page.links ?? []).forEach((link, n) => {
      if (link.values === undefined) return;
      const at = `/pages/${index}/links/${n}/values`;
      if (page.page !== 'detail') {
        problems.push({ pointer: at, message: '只有 page 为 "detail" 的页面的链接才写 values（从记录带入表单的值）' });
        return;
      }
      const form = formAt(folders, link.href);
      if (!form) {
        problems.push({
          pointer: `/pages/${index}/links/${n}/href`,
          message: `${link.href} 不是任何资源文件夹中 page 为 "new" 的表单页面，无法带入值`,
        });
        return;
      }
      const fields = form.record.properties ?? {};
      for (const [name, carried] of Object.entries(link.values)) {
        const pointer = `${at}/${name}`;
        if (carried === undefined) continue;
        if (!Object.hasOwn(fields, name))
          problems.push({ pointer, message: `"${name}" 不是表单 ${link.href}（资源 "${form.name}"）的 record.schema.json 顶层的属性` });
        if ((carried.field === undefined) === (carried.value === undefined))
          problems.push({ pointer, message: '带入的值写 field（取自本记录的字段）或 value（常量），二者只写一个' });
        const field = carried.field;
        if (field === undefined || field === 'id') continue;
        if (!Object.hasOwn(own, field))
          problems.push({ pointer: `${pointer}/field`, message: `"${field}" 不是 record.schema.json 顶层的属性` });
        else if (visitorFields !== undefined && !visitorFields.includes(field))
          problems.push({ pointer: `${pointer}/field`, message: `访客也看这个详情页：带入的字段 "${field}" 应列在 visitors.fields 中` });
      }
    });
  });
  return problems;
}
