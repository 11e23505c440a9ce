import type { FastifyInstance } from 'fastify';
import hotSearchSchema from '../../../../schemas/api/hot-search.schema.json';
import searchPageSchema from '../../../../schemas/api/search-page.schema.json';
import searchQuerySchema from '../../../../schemas/api/search-query.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { SearchPage } from '../../../shared/generated/search-page';
import type { SearchQuery } from '../../../shared/generated/search-query';
import { highlightText, snippetAround } from '../../../shared/search/highlight-text';
import { requestLocale } from '../../i18n/request-locale';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { countKeyword, hotKeywords } from '../../services/search/hot-keywords';
import { createKindLabels } from '../../services/search/kind-labels';
import { searchDocumentsPage } from '../../services/search/search-documents';
import { sourceTitle } from './search-sources';

const HOT_SEARCHES = 10;

/**
 * The portal's search (issue 13; spec §6: without a bearer token) across the public records of
 * every folder with resource.json search and the activities, and the hot searches.
 */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const resources = app.resources.list();

  const kindLabels = createKindLabels(app);

  app.get<{ Querystring: SearchQuery }>(
    ENDPOINTS.search,
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        summary: '全站搜索（无需令牌；中文分词，命中词标出）',
        tags: ['门户搜索'],
        querystring: searchQuerySchema,
        response: okResponse(searchPageSchema),
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const { keyword, source } = request.query;
      const pageNo = Number(request.query.pageNo ?? 1);
      const pageSize = Number(request.query.pageSize ?? 10);
      const found = await searchDocumentsPage(app.database.db, { keyword, source, pageNo, pageSize });
      if (found.total > 0 && pageNo === 1 && source === undefined) await countKeyword(app.database.db, keyword, app.clock());
      const labels = await kindLabels(new Set(found.documents.map((document) => document.source)), locale);
      const page: SearchPage = {
        total: found.total,
        words: found.words,
        sources: found.sources.map((entry) => ({ ...entry, title: sourceTitle(resources, entry.source, locale) })),
        records: found.documents.map((document) => {
          const kind = document.kind === null ? undefined : (labels.get(`${document.source}:${document.kind}`) ?? document.kind);
          return {
            key: document.key,
            source: document.source,
            sourceTitle: sourceTitle(resources, document.source, locale),
            ...(kind === undefined ? {} : { kind }),
            title: highlightText(document.title, found.words),
            snippet: snippetAround(document.body, found.words),
            href: document.href,
            ...(document.day === null ? {} : { date: document.day }),
          };
        }),
      };
      return ok(page);
    },
  );

  app.get(
    ENDPOINTS.hotSearch,
    {
      config: { access: 'public' },
      schema: {
        summary: '热门搜索（近 30 天有结果的搜索词）',
        tags: ['门户搜索'],
        response: okResponse({ type: 'array', items: hotSearchSchema }),
      },
    },
    async () => ok(await hotKeywords(app.database.db, app.clock(), HOT_SEARCHES)),
  );
}
