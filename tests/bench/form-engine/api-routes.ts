/**
 * The bench has no server: Playwright answers the page's /api/** calls with minimal valid envelopes
 * (spec §8: `{code: 0, msg, data}`), so nothing on the page errors. This is a render benchmark, not a
 * product test: the answers only have to be well-formed, and are not checked against the API's schemas.
 *
 * - queryDictByCode: the dictionary's items from schemas/dicts (the engine's selects load their options);
 * - the step form's saves (firstSaveFormData, saveOrUpdate) and query: the draft, one version on;
 * - anything else: `data: null`, and it is listed in the sample's `apiCalls` so an unexpected call shows.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { ENDPOINTS, API_BASE } from '../../../src/shared/api/endpoints';
import type { BenchForm } from './form-bench-schema';
import { benchDraft } from './page/bench-activity';

const DICTS_DIR = resolve(import.meta.dirname, '../../../schemas/dicts');

function dictItems(code: string): unknown {
  if (!/^[a-z][a-z0-9_]*$/.test(code)) return [];
  const file = JSON.parse(readFileSync(resolve(DICTS_DIR, `${code}.json`), 'utf8')) as { items: unknown };
  return file.items;
}

/** Answers the page's API calls and records each as `METHOD /path`. */
export async function answerApi(page: Page, bench: BenchForm, calls: string[]): Promise<void> {
  let version = 1;
  await page.route('**/api/**', async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname;
    calls.push(`${request.method()} ${path}`);
    let data: unknown = null;
    if (path === ENDPOINTS.dictByCode) data = dictItems(url.searchParams.get('code') ?? '');
    else if (path === ENDPOINTS.formFirstSave || path === ENDPOINTS.formSave) data = benchDraft(bench, ++version);
    else if (path === ENDPOINTS.formQuery) data = benchDraft(bench, version);
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 0, msg: 'ok', data }) });
  });
}
