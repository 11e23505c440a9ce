import type { FastifyInstance } from 'fastify';
import resourcePagesSchema from '../../../../schemas/api/resource-pages.schema.json';
import type { ResourcePages } from '../../../shared/generated/resource-pages';
import { localizedEntryTitle } from '../../../shared/i18n/localized-title';
import { aboutQueryField } from '../../../shared/resource/about-query-field';
import { resourceListHref } from '../../../shared/resource/resource-links';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { REVALIDATE_EACH_TIME } from '../../plugins/public-cache';
import type { CompiledResource } from '../units/resource-registry';

/** A list or map page over a visitors' list, or a detail page of a folder with visitors: no login needed to see it. */
function isPublicPage(resource: CompiledResource, page: Page): boolean {
  if (page.page === 'detail') return resource.resource.visitors !== undefined;
  if (page.page === 'done') return true;
  if (page.page === 'list' || page.page === 'map') return page.list !== undefined && resource.lists[page.list]?.audience === 'public';
  return false;
}

type Page = NonNullable<CompiledResource['resource']['pages']>[number];

/**
 * A new page's `about`: the target record it is for, found by the query field that the target's match
 * pairs with the target's id. schemas:check makes sure there is one; a folder without it shows nothing.
 */
function aboutOf(
  resource: CompiledResource,
  page: Page,
  resources: readonly CompiledResource[],
): Pick<ResourcePages['pages'][number], 'about'> | undefined {
  const target = resource.resource.target;
  if (page.about === undefined || !target) return undefined;
  const query = aboutQueryField(target, page.query);
  const other = resources.find((candidate) => candidate.name === target.resource);
  if (query === undefined || !other) return undefined;
  return {
    about: {
      resource: other.name,
      field: page.about,
      query,
      title: other.resource.title,
      titleEn: localizedEntryTitle(other.resource, 'en-US'),
      ...(target.message === undefined ? {} : { missing: target.message, missingEn: target.messageEn ?? target.message }),
    },
  };
}

type PageLink = NonNullable<Page['links']>[number];

/**
 * A page's link as the browser gets it: with the window of the folder it names (link resource), so the
 * detail page can show it disabled, with the window's words, outside the window the server would refuse
 * a write in. schemas:check makes sure that folder targets this one and has a window.
 */
function pageLink(link: PageLink, resources: readonly CompiledResource[]): NonNullable<ResourcePages['pages'][number]['links']>[number] {
  const window =
    link.resource === undefined ? undefined : resources.find((candidate) => candidate.name === link.resource)?.resource.target?.window;
  return {
    title: link.title,
    titleEn: link.locale?.['en-US']?.title ?? link.title,
    href: link.href,
    ...(link.values === undefined
      ? {}
      : {
          // Fixed unless the link says otherwise: a value carried from the record is usually what the form is about.
          values: Object.entries(link.values).flatMap(([name, carried]) =>
            carried === undefined
              ? []
              : [
                  {
                    name,
                    ...(carried.field === undefined ? {} : { field: carried.field }),
                    ...(carried.value === undefined ? {} : { value: carried.value }),
                    fixed: carried.fixed !== false,
                  },
                ],
          ),
        }),
    ...(window === undefined
      ? {}
      : {
          window: {
            ...(window.from === undefined ? {} : { from: window.from }),
            ...(window.to === undefined ? {} : { to: window.to }),
            message: window.message,
            messageEn: window.messageEn ?? window.message,
          },
        }),
  };
}

/** Every folder's pages at the spec's paths, and the account menu's lists in their order. */
export function resourcePages(resources: readonly CompiledResource[]): ResourcePages {
  const pages: ResourcePages['pages'] = resources.flatMap((resource) =>
    (resource.resource.pages ?? []).map((page) => ({
      path: page.path,
      resource: resource.name,
      page: page.page,
      ...(page.list === undefined ? {} : { list: page.list }),
      ...(page.title === undefined ? {} : { title: page.title, titleEn: page.locale?.['en-US']?.title ?? page.title }),
      ...(page.values === undefined ? {} : { values: page.values }),
      ...(page.before === undefined ? {} : { before: page.before }),
      ...(page.intro === undefined ? {} : { intro: page.intro, introEn: page.locale?.['en-US']?.intro ?? page.intro }),
      ...(isPublicPage(resource, page) ? { public: true } : {}),
      ...(page.to === undefined ? {} : { to: page.to }),
      ...(page.query === undefined ? {} : { query: page.query }),
      ...(page.after === undefined ? {} : { after: page.after }),
      ...(page.page === 'new' && (page.submitMode ?? resource.resource.submitMode) !== undefined
        ? { submitMode: page.submitMode ?? resource.resource.submitMode }
        : {}),
      ...(page.submit === undefined ? {} : { submit: page.submit, submitEn: page.locale?.['en-US']?.submit ?? page.submit }),
      ...(aboutOf(resource, page, resources) ?? {}),
      ...(page.links === undefined ? {} : { links: page.links.map((link) => pageLink(link, resources)) }),
      ...(page.map === undefined ? {} : { map: page.map }),
      ...(page.field === undefined ? {} : { field: page.field }),
      ...(page.article === undefined ? {} : { article: page.article }),
      ...(page.page === 'match' && resource.resource.matching ? { questionnaire: resource.resource.matching.form } : {}),
      ...(page.result === undefined ? {} : { result: page.result }),
      ...(page.form === undefined ? {} : { form: page.form }),
      ...(page.detail === undefined ? {} : { detail: page.detail }),
      ...(page.open === undefined ? {} : { open: page.open }),
      ...(page.preview === undefined ? {} : { preview: page.preview }),
      ...(page.entries === undefined
        ? {}
        : {
            entries: page.entries.map((entry) => ({
              path: entry.path,
              title: entry.title,
              titleEn: entry.locale?.['en-US']?.title ?? entry.title,
              text: entry.text,
              textEn: entry.locale?.['en-US']?.text ?? entry.text,
            })),
          }),
      ...(page.notes === undefined
        ? {}
        : {
            notes: {
              // A text without its English falls back to the Chinese one, never to nothing.
              sections: page.notes.sections.map((section) => ({
                title: section.title,
                text: section.text,
                titleEn: section.locale?.['en-US']?.title ?? section.title,
                textEn: section.locale?.['en-US']?.text ?? section.text,
              })),
              agree: page.notes.agree,
              agreeEn: page.notes.agreeEn ?? page.notes.agree,
              links: (page.notes.links ?? []).map((link) => ({ title: link.title, titleEn: link.titleEn ?? link.title, path: link.path })),
            },
          }),
    })),
  );
  const entries = resources.flatMap((resource) =>
    Object.entries(resource.lists).flatMap(([list, file]) => {
      if (!file.accountMenu) return [];
      const page = pages.find((candidate) => candidate.resource === resource.name && candidate.page === 'list' && candidate.list === list);
      const entry = {
        resource: resource.name,
        list,
        title: file.title,
        titleEn: localizedEntryTitle(file, 'en-US'),
        href: page?.path ?? resourceListHref(resource.name, list),
        ...(file.scope === 'administered' ? { administered: true } : {}),
      };
      return [{ order: file.accountMenu.order, entry }];
    }),
  );
  entries.sort((a, b) => a.order - b.order || a.entry.title.localeCompare(b.entry.title, 'zh-CN'));
  return { pages, accountMenu: entries.map(({ entry }) => entry) };
}

/** GET /api/resources/pages: public, like the definitions; the pages themselves say who may see records. */
export async function resourcePagesRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/resources/pages',
    {
      config: { access: 'public', publicCache: REVALIDATE_EACH_TIME },
      schema: { summary: '资源文件夹的页面和账户菜单', tags: ['资源'], response: okResponse(resourcePagesSchema) },
    },
    // Per request: a studio publication may retitle a page or move a list in the account menu.
    async () => ok(resourcePages(app.resources.list())),
  );
}
