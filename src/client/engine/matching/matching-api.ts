import type { ApiEnvelope } from '../../../shared/api/envelope';
import type { MatchResult } from '../../../shared/generated/match-result';
import type { MatchedRule } from '../../../shared/generated/matched-rule';
import { resourceApiPath } from '../../../shared/resource/resource-links';
import { downloadedName } from '../../api/downloaded-name';
import { http } from '../../api/http';
import { saveBlob } from '../attachment-api';

// The pages show their own failed states with a retry.
const quiet = { silent: true } as const;

export async function fetchRules(resource: string): Promise<MatchedRule[]> {
  const response = await http.get<ApiEnvelope<MatchedRule[]>>(resourceApiPath(resource, 'rules'), quiet);
  return response.data.data ?? [];
}

/** The rule about one target record; the server's 404 when it has none. */
export async function fetchRule(resource: string, targetId: string): Promise<MatchedRule> {
  const response = await http.get<ApiEnvelope<MatchedRule>>(resourceApiPath(resource, 'rules/by-target'), {
    params: { id: targetId },
    ...quiet,
  });
  if (!response.data.data) throw new Error('rules/by-target answered without data');
  return response.data.data;
}

/** The answers against every rule; field errors come back as the form's own. */
export async function matchAnswers(resource: string, answers: Record<string, unknown>): Promise<MatchResult> {
  const response = await http.post<ApiEnvelope<MatchResult>>(resourceApiPath(resource, 'match'), answers);
  if (!response.data.data) throw new Error('match answered without data');
  return response.data.data;
}

/** The result as the server's .xlsx, saved under the name it gives (…文件.xlsx). */
export async function exportMatches(resource: string, answers: Record<string, unknown>): Promise<void> {
  const response = await http.post<Blob>(resourceApiPath(resource, 'match/export'), answers, { responseType: 'blob' });
  saveBlob(response.data, downloadedName(response, '匹配结果文件.xlsx'));
}

/** The last answers and result of a folder's questionnaire in this tab, so its result page survives a reload. */
export interface StoredMatch {
  answers: Record<string, unknown>;
  result: MatchResult;
}

const key = (resource: string): string => `kc-match:${resource}`;

export function storeMatch(resource: string, value: StoredMatch): void {
  try {
    sessionStorage.setItem(key(resource), JSON.stringify(value));
  } catch {
    // No storage: the result lasts for this page only.
  }
}

export function storedMatch(resource: string): StoredMatch | undefined {
  try {
    const raw = sessionStorage.getItem(key(resource));
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<StoredMatch>;
    return value && typeof value.answers === 'object' && value.answers !== null && Array.isArray(value.result?.matched)
      ? (value as StoredMatch)
      : undefined;
  } catch {
    return undefined;
  }
}
