/** The portal's pages of news and policies (not in spec §2's table, whose route parameters it leaves out). */
export const ARTICLES_PATH = '/home/articles';
export const ARTICLE_DETAIL_PATH = '/home/articles/detail';
export const RECOMMEND_PATH = '/home/recominform';

export function articleHref(id: string): string {
  return `${ARTICLE_DETAIL_PATH}?id=${encodeURIComponent(id)}`;
}

/** A list of one catalog, or of a kind (policy) when no catalog is named. */
export function articlesHref(filter: { catalog?: string; kind?: string }): string {
  const query = new URLSearchParams();
  if (filter.catalog) query.set('catalog', filter.catalog);
  if (filter.kind) query.set('kind', filter.kind);
  const text = query.toString();
  return text ? `${ARTICLES_PATH}?${text}` : ARTICLES_PATH;
}
