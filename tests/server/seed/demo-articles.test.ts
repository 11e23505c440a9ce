import { describe, expect, it } from 'vitest';
import articleSchema from '../../../schemas/resources/article/record.schema.json';
import catalogSchema from '../../../schemas/resources/catalog/record.schema.json';
import articleKinds from '../../../schemas/dicts/article_kind.json';
import articleTags from '../../../schemas/dicts/article_tag.json';
import { DEMO_ARTICLE_DRAFTS, demoArticles } from '../../../src/server/seed/demo-articles';
import { DEMO_CATALOGS } from '../../../src/server/seed/demo-catalogs';
import { sanitizeRichText } from '../../../src/server/lib/sanitize-rich-text';
import { createAjv } from '../../../src/shared/schema/create-ajv';

// The generated demo content must be what a content editor could have saved: it goes through the
// same schemas, names real catalogs and dictionary keys, and its dates make sense against `today`.
const TODAY = new Date('2026-11-25T04:00:00Z');
const TODAY_ISO = '2026-11-25';
const TWO_YEARS_AGO = '2024-11-25';

const ajv = createAjv();
const validateArticle = ajv.compile(articleSchema);
const validateCatalog = ajv.compile(catalogSchema);
// x-dict membership is the server's business, not ajv's: check it against the dictionaries here.
const KINDS = new Set(articleKinds.items.map((item) => item.dictKey));
const TAGS = new Set(articleTags.items.map((item) => item.dictKey));

const articles = demoArticles(TODAY);
const all = articles.map((article) => article.data);
const published = articles.filter((article) => article.published).map((article) => article.data);
const text = (data: Record<string, unknown>, field: string): string => String(data[field] ?? '');
const days = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 86_400_000;

describe('the demo catalogs', () => {
  it("validate, are unique, and a sub-catalog holds its top-level parent's kind", () => {
    const failures = DEMO_CATALOGS.map((catalog) => ({ name: catalog.name, valid: validateCatalog(catalog) })).filter(
      (result) => !result.valid,
    );
    expect(failures).toEqual([]);
    expect(new Set(DEMO_CATALOGS.map((catalog) => catalog.name)).size).toBe(DEMO_CATALOGS.length);
    expect(new Set(DEMO_CATALOGS.map((catalog) => catalog.code)).size).toBe(DEMO_CATALOGS.length);
    const byName = new Map<string, (typeof DEMO_CATALOGS)[number]>(DEMO_CATALOGS.map((catalog) => [catalog.name, catalog]));
    for (const catalog of DEMO_CATALOGS) {
      expect(KINDS.has(catalog.kind)).toBe(true);
      if (!('parentName' in catalog)) continue;
      const parent = byName.get(catalog.parentName);
      expect(parent?.kind, catalog.name).toBe(catalog.kind);
      expect(parent && 'parentName' in parent, catalog.name).toBe(false);
    }
    expect(
      DEMO_CATALOGS.filter((catalog) => !('parentName' in catalog))
        .map((catalog) => catalog.kind)
        .sort(),
    ).toEqual([...KINDS].sort());
  });
});

describe('the demo articles', () => {
  it('validate against the article schema, with dictionary kinds and 1 to 3 dictionary tags', () => {
    const failures = all
      .filter((data) => !validateArticle(data))
      .map((data) => `${text(data, 'title')}: ${JSON.stringify(validateArticle.errors)}`);
    expect(failures).toEqual([]);
    for (const data of all) {
      expect(KINDS.has(text(data, 'kind'))).toBe(true);
      const tags = data['tags'] as string[];
      expect(tags.length).toBeGreaterThanOrEqual(1);
      expect(tags.length).toBeLessThanOrEqual(3);
      expect(tags.filter((tag) => !TAGS.has(tag))).toEqual([]);
    }
  });

  it('are many, of every kind, in every catalog, each under a catalog of its kind', () => {
    expect(all.length).toBeGreaterThanOrEqual(220);
    const kindOf = new Map<string, string>(DEMO_CATALOGS.map((catalog) => [catalog.name, catalog.kind]));
    for (const data of all) expect(kindOf.get(text(data, 'catalogName')), text(data, 'title')).toBe(text(data, 'kind'));
    for (const catalog of DEMO_CATALOGS)
      expect(published.filter((data) => data.catalogName === catalog.name).length, catalog.name).toBeGreaterThan(0);
    for (const kind of KINDS) expect(published.filter((data) => data.kind === kind).length, kind).toBeGreaterThanOrEqual(20);
  });

  it('were published within the two years before today, none in the future', () => {
    for (const data of all) {
      expect(text(data, 'publishDate') >= TWO_YEARS_AGO, text(data, 'title')).toBe(true);
      expect(text(data, 'publishDate') <= TODAY_ISO, text(data, 'title')).toBe(true);
    }
    // Spread over the whole window, not bunched up: some in each half-year.
    const halves = new Set(all.map((data) => Math.floor(days(text(data, 'publishDate'), TODAY_ISO) / 183)));
    expect([...halves].sort()).toEqual([0, 1, 2, 3]);
  });

  it('have unique titles', () => {
    const titles = all.map((data) => text(data, 'title'));
    expect(titles.filter((title, i) => titles.indexOf(title) !== i)).toEqual([]);
  });

  it('have policies with a number and one to five years in force, a good share of them already ended', () => {
    const policies = all.filter((data) => data.kind === 'policy');
    for (const data of policies) {
      expect(text(data, 'docNumber'), text(data, 'title')).toMatch(/^\S+〔\d{4}〕\d+号$/);
      expect(text(data, 'validFrom') >= text(data, 'publishDate'), text(data, 'title')).toBe(true);
      expect(text(data, 'validFrom') <= TODAY_ISO, text(data, 'title')).toBe(true);
      const span = days(text(data, 'validFrom'), text(data, 'validUntil'));
      expect(span, text(data, 'title')).toBeGreaterThanOrEqual(360);
      expect(span, text(data, 'title')).toBeLessThanOrEqual(5 * 366);
    }
    const ended = policies.filter((data) => text(data, 'validUntil') < TODAY_ISO).length;
    const inForce = policies.filter((data) => text(data, 'validUntil') > TODAY_ISO).length;
    expect(ended / policies.length).toBeGreaterThanOrEqual(0.3);
    expect(inForce / policies.length).toBeGreaterThanOrEqual(0.3);
  });

  it('interpret published policies, after they were issued', () => {
    const policies = new Map(published.filter((data) => data.kind === 'policy').map((data) => [text(data, 'title'), data]));
    for (const data of all.filter((item) => item.kind === 'interpretation')) {
      const title = /《(.+)》/.exec(text(data, 'title'))?.[1] ?? '';
      const policy = policies.get(title);
      expect(policy, text(data, 'title')).toBeDefined();
      expect(text(data, 'publishDate') >= text(policy ?? {}, 'publishDate')).toBe(true);
    }
  });

  it('are the same on every call', () => {
    expect(demoArticles(new Date(TODAY.getTime()))).toEqual(articles);
  });

  it('end with the drafts, and headline about six recent published items', () => {
    expect(articles.slice(-DEMO_ARTICLE_DRAFTS).every((article) => !article.published)).toBe(true);
    expect(articles.slice(0, -DEMO_ARTICLE_DRAFTS).every((article) => article.published)).toBe(true);
    const headlines = articles.filter((article) => article.data['headline'] === true);
    expect(headlines.length).toBeGreaterThanOrEqual(4);
    expect(headlines.length).toBeLessThanOrEqual(8);
    expect(headlines.every((article) => article.published && days(text(article.data, 'publishDate'), TODAY_ISO) <= 60)).toBe(true);
  });

  it('have bodies of 3 to 6 paragraphs in allowlisted, balanced tags, which the sanitiser leaves as they are', () => {
    const allowed = new Set(['p', 'h3', 'strong', 'ol', 'ul', 'li', 'a', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
    for (const data of all) {
      const body = text(data, 'body');
      const title = text(data, 'title');
      expect(body, title).not.toMatch(/<script|on\w+=|javascript:/i);
      expect(sanitizeRichText(body), title).toBe(body);
      const paragraphs = body.match(/<p>/g)?.length ?? 0;
      expect(paragraphs, title).toBeGreaterThanOrEqual(3);
      expect(paragraphs, title).toBeLessThanOrEqual(6);
      const open: string[] = [];
      for (const [, closing, name, attributes] of body.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>/g)) {
        expect(allowed.has(name ?? ''), `${title}: <${name}>`).toBe(true);
        if (name === 'a' && !closing) expect(attributes, title).toMatch(/^ href="https:\/\/[^"]+"$/);
        else expect(attributes, title).toBe('');
        if (name === 'br') continue;
        if (closing) expect(open.pop(), title).toBe(name);
        else open.push(name ?? '');
      }
      expect(open, title).toEqual([]);
    }
  });
});
