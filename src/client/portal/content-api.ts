import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope, Page } from '../../shared/api/envelope';
import type { ListSummaryEntry } from '../../shared/generated/list-summary-entry';
import type { RecordView } from '../../shared/generated/record-view';
import { http } from '../api/http';

/** An article as the portal shows it: the record's fields, read from its data. */
export interface Article {
  id: string;
  title: string;
  catalogName: string;
  kind: string;
  summary?: string;
  source: string;
  docNumber?: string;
  publishDate: string;
  validUntil?: string;
  tags: string[];
  body?: string;
  /** The article's images (an Upload field): their ids and names. */
  images: { id: string; name: string }[];
}

export interface Catalog {
  name: string;
  nameEn?: string;
  code: string;
  parentName?: string;
  kind: string;
  sort: number;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function isFileRef(value: unknown): value is { id: string; name: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

export function toArticle(record: RecordView): Article {
  const { data } = record;
  const optional = (field: string): Record<string, string> =>
    text(data[field]) === undefined ? {} : { [field]: text(data[field]) as string };
  return {
    id: record.id,
    title: text(data['title']) ?? '',
    catalogName: text(data['catalogName']) ?? '',
    kind: text(data['kind']) ?? '',
    source: text(data['source']) ?? '',
    publishDate: text(data['publishDate']) ?? '',
    tags: Array.isArray(data['tags']) ? data['tags'].filter((tag): tag is string => typeof tag === 'string') : [],
    images: Array.isArray(data['images'])
      ? data['images'].flatMap((file: unknown) => (isFileRef(file) ? [{ id: file.id, name: file.name }] : []))
      : [],
    ...optional('summary'),
    ...optional('docNumber'),
    ...optional('validUntil'),
    ...optional('body'),
  };
}

function toCatalog(record: RecordView): Catalog {
  const { data } = record;
  return {
    name: text(data['name']) ?? '',
    code: text(data['code']) ?? '',
    kind: text(data['kind']) ?? '',
    sort: typeof data['sort'] === 'number' ? data['sort'] : 0,
    ...(text(data['nameEn']) ? { nameEn: text(data['nameEn']) as string } : {}),
    ...(text(data['parentName']) ? { parentName: text(data['parentName']) as string } : {}),
  };
}

/** The query of an article list: the page, and the filters the list files declare. */
export interface ArticleQuery {
  pageNo?: number;
  pageSize?: number;
  catalogName?: string;
  kind?: string;
  headline?: boolean;
  title?: string;
  publishDate?: string;
  validUntil?: 'on' | 'end';
}

// The portal's blocks say themselves when a load fails (their error state); no global toast.
const quiet = { silent: true } as const;

async function page(path: string, query: ArticleQuery): Promise<Page<Article>> {
  const response = await http.get<ApiEnvelope<Page<RecordView>>>(path, { params: query, ...quiet });
  const data = response.data.data ?? { total: 0, records: [] };
  return { total: data.total, records: data.records.map(toArticle) };
}

/** Published notices, news, policies and interpretations (spec article/list), newest first. */
export const fetchArticles = (query: ArticleQuery): Promise<Page<Article>> => page(ENDPOINTS.articleList, query);

/** Policy documents: by month (getPolicyMonth) or in force and ended (getPolicyOnOrEnd). */
export function fetchPolicies(query: ArticleQuery): Promise<Page<Article>> {
  // The policies list fixes the kind itself (where), and takes no kind filter.
  const { kind: _kind, catalogName: _catalog, ...rest } = query;
  return page(query.validUntil ? ENDPOINTS.policyOnOrEnd : ENDPOINTS.policyMonth, rest);
}

/** The newest items among the caller's topics, or the newest of all for a visitor (queryArticleByUserTag). */
export const fetchRecommended = (query: ArticleQuery): Promise<Page<Article>> => page(ENDPOINTS.articlesByUserTag, query);

export async function fetchArticle(id: string): Promise<Article> {
  const response = await http.get<ApiEnvelope<RecordView>>(ENDPOINTS.articleGet, { params: { id }, ...quiet });
  if (!response.data.data) throw new Error('article/get: no data');
  return toArticle(response.data.data);
}

/** The catalog tree's catalogs (spec catalog/listTree: pageNo 1, pageSize 1000), in their order. */
export async function fetchCatalogs(): Promise<Catalog[]> {
  const response = await http.get<ApiEnvelope<Page<RecordView>>>(ENDPOINTS.catalogTree, {
    params: { pageNo: 1, pageSize: 1000 },
    ...quiet,
  });
  return (response.data.data?.records ?? []).map(toCatalog);
}

/** How many policies each month published (countMonthPolicy), newest month first. */
export async function fetchPolicyMonths(): Promise<ListSummaryEntry[]> {
  const response = await http.get<ApiEnvelope<ListSummaryEntry[]>>(ENDPOINTS.policyMonthCounts, quiet);
  return response.data.data ?? [];
}
