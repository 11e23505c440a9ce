import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { ApplicationView, ReviewRequest } from '../../shared/generated';
import { http } from '../api/http';

function dataOf<T>(envelope: ApiEnvelope<T>, call: string): T {
  if (envelope.data === undefined) throw new Error(`${call}: the response carries no data`);
  return envelope.data;
}

/** One application as a reviewer sees it, with its status history. Silent: the page shows not-found and failure itself. */
export async function fetchReviewDetail(id: string): Promise<ApplicationView> {
  const response = await http.get<ApiEnvelope<ApplicationView>>(ENDPOINTS.reviewDetail, { params: { id }, silent: true });
  return dataOf(response.data, 'detail');
}

/** The same application with its personal fields in full (application.unmask); the server audits every call (SECURITY R35). The caller shows failures. */
export async function fetchUnmaskedReviewDetail(id: string): Promise<ApplicationView> {
  const response = await http.get<ApiEnvelope<ApplicationView>>(ENDPOINTS.reviewDetailUnmasked, { params: { id }, silent: true });
  return dataOf(response.data, 'detail/unmasked');
}

/**
 * Returns, approves or rejects an application at the version the reviewer saw. Silent: the page
 * words a 409 (someone else was first) and a 403 (own application) itself.
 */
export async function reviewApplication(request: ReviewRequest): Promise<{ application: ApplicationView; message: string }> {
  const response = await http.post<ApiEnvelope<ApplicationView>>(ENDPOINTS.review, request, { silent: true });
  return { application: dataOf(response.data, 'review'), message: response.data.msg };
}
