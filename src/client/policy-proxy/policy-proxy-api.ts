import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { PolicyResolve } from '../../shared/generated/policy-resolve';
import type { SelfEvaluation } from '../../shared/generated/self-evaluation';
import { downloadedName } from '../api/downloaded-name';
import { http } from '../api/http';
import { saveBlob } from '../engine/attachment-api';

// The pages show their own failed states with a retry.
const quiet = { silent: true } as const;

/** A policy at a glance (article/policyResolve); the server's 404 when it has no published rule. */
export async function fetchPolicyResolve(policyId: string): Promise<PolicyResolve> {
  const response = await http.get<ApiEnvelope<PolicyResolve>>(ENDPOINTS.policyResolve, { params: { id: policyId }, ...quiet });
  if (!response.data.data) throw new Error('policyResolve answered without data');
  return response.data.data;
}

export async function fetchPolicyResolves(): Promise<PolicyResolve[]> {
  const response = await http.get<ApiEnvelope<PolicyResolve[]>>(ENDPOINTS.policyResolves, quiet);
  return response.data.data ?? [];
}

/** The self-test (pub/selfEvaluationQuery); field errors come back as the form's own. */
export async function evaluateSelfTest(answers: Record<string, unknown>): Promise<SelfEvaluation> {
  const response = await http.post<ApiEnvelope<SelfEvaluation>>(ENDPOINTS.selfEvaluation, answers);
  if (!response.data.data) throw new Error('selfEvaluationQuery answered without data');
  return response.data.data;
}

/** The result as the server's .xlsx, saved under the name it gives (…文件.xlsx). */
export async function exportSelfTest(answers: Record<string, unknown>): Promise<void> {
  const response = await http.post<Blob>(ENDPOINTS.selfEvaluationExport, answers, { responseType: 'blob' });
  saveBlob(response.data, downloadedName(response, '政策匹配自测结果文件.xlsx'));
}

const STORED = 'kc-self-test';

/** The last self-test of this tab: its answers and result, so the assessment survives a reload. */
export interface StoredSelfTest {
  answers: Record<string, unknown>;
  result: SelfEvaluation;
}

export function storeSelfTest(value: StoredSelfTest): void {
  try {
    sessionStorage.setItem(STORED, JSON.stringify(value));
  } catch {
    // No storage: the assessment lasts for this page only.
  }
}

export function storedSelfTest(): StoredSelfTest | undefined {
  try {
    const raw = sessionStorage.getItem(STORED);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<StoredSelfTest>;
    return value && typeof value.answers === 'object' && value.answers !== null && Array.isArray(value.result?.matched) ? (value as StoredSelfTest) : undefined;
  } catch {
    return undefined;
  }
}

export const FIND_PROXY = '/home/findproxy';
export const lookDetailHref = (policyId: string): string => `${FIND_PROXY}/lookDetail?id=${encodeURIComponent(policyId)}`;
