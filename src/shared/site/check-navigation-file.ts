import type { ValidateFunction } from 'ajv';
import navigationMetaSchema from '../../../schemas/meta/navigation.schema.json';
import type { NavigationFile } from '../generated/navigation-file';
import { ACTION_KEYS } from '../permissions/action-keys';
import { authoringMessage } from '../schema/authoring-message';
import { createAjv } from '../schema/create-ajv';
import type { PageAccess } from './fixed-pages';

/** The navigation file's place under the schemas folder. */
export const NAVIGATION_FILE = 'site/navigation.json';

let validateNavigation: ValidateFunction | undefined;

type Problem = { pointer: string; message: string };
type Entry = { path?: string; audience?: 'everyone' | 'visitor' | 'user'; permission?: string };

/** Every entry of the file that leads somewhere, with its pointer. */
function linksOf(file: NavigationFile): { pointer: string; entry: Entry }[] {
  return [
    ...file.menu.flatMap((entry, index) => [
      { pointer: `/menu/${index}`, entry },
      ...(entry.children ?? []).map((child, childIndex) => ({ pointer: `/menu/${index}/children/${childIndex}`, entry: child })),
    ]),
    ...file.tiles.map((entry, index) => ({ pointer: `/tiles/${index}`, entry })),
    ...file.footer.flatMap((group, index) =>
      group.children.map((entry, childIndex) => ({ pointer: `/footer/${index}/children/${childIndex}`, entry })),
    ),
  ];
}

function entryProblems(
  pointer: string,
  entry: Entry,
  pages: ReadonlyMap<string, PageAccess>,
  permissionIds: ReadonlySet<string>,
): Problem[] {
  const problems: Problem[] = [];
  if (entry.permission !== undefined) {
    const dot = entry.permission.lastIndexOf('.');
    const [id, action] = [entry.permission.slice(0, dot), entry.permission.slice(dot + 1)];
    if (!permissionIds.has(id) || !(ACTION_KEYS as readonly string[]).includes(action))
      problems.push({
        pointer: `${pointer}/permission`,
        message: `权限 "${entry.permission}" 不存在：应为 <权限标识>.<操作>，如 schemaStudio.query`,
      });
    if (entry.audience === 'visitor')
      problems.push({
        pointer: `${pointer}/audience`,
        message: '需要权限的入口只有登录用户能看到，不能只给访客看（audience 不能是 visitor）',
      });
  }
  if (entry.path === undefined) return problems;
  const pathname = entry.path.split('?')[0] ?? entry.path;
  const access = pages.get(pathname);
  if (access === undefined) {
    problems.push({
      pointer: `${pointer}/path`,
      message: `没有页面 ${pathname}：导航只能指向门户已有的页面（客户端的固定页面，或资源文件夹 resource.json pages 中的页面）`,
    });
  } else if (access === 'account' && entry.audience !== 'user' && entry.permission === undefined) {
    problems.push({
      pointer: `${pointer}/audience`,
      message: `页面 ${pathname} 需要登录，访客点开会被送回首页：请把 audience 设为 "user"，或给出 permission`,
    });
  } else if (access === 'guest' && entry.audience !== 'visitor') {
    problems.push({
      pointer: `${pointer}/audience`,
      message: `页面 ${pathname} 只给未登录的访客（登录、注册）：请把 audience 设为 "visitor"`,
    });
  }
  return problems;
}

/**
 * The problems of the navigation file (schemas/site/navigation.json) as `schemas:check` and the
 * server's start report them: its shape, then each entry's page (one the portal has, given by
 * `pages`), its permission (one of `permissionIds` with a known action), and an audience that can
 * open the page, so that no visitor is shown an entry that sends them home.
 */
export function checkNavigationFile(value: unknown, pages: ReadonlyMap<string, PageAccess>, permissionIds: ReadonlySet<string>): Problem[] {
  validateNavigation ??= createAjv().compile(navigationMetaSchema);
  if (!validateNavigation(value))
    return (validateNavigation.errors ?? []).map((error) => ({ pointer: error.instancePath, message: authoringMessage(error) }));
  const file = value as NavigationFile;
  // A menu entry is a link or a group, never both or neither: said here, in Chinese, rather than by a oneOf.
  const shapes = file.menu.flatMap((entry, index) =>
    (entry.path === undefined) === (entry.children === undefined)
      ? [{ pointer: `/menu/${index}`, message: '菜单项要么有 path（一个链接），要么有 children（一组链接），二者必须有一个，也只能有一个' }]
      : [],
  );
  return [...shapes, ...linksOf(file).flatMap(({ pointer, entry }) => entryProblems(pointer, entry, pages, permissionIds))];
}
