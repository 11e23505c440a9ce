import { activityPath, ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope, Page } from '../../shared/api/envelope';
import type {
  ActivityDetail,
  ActivitySummary,
  ApplicationListItem,
  ApplicationStatusView,
  ApplicationView,
  FirstSaveRequest,
  SaveStepRequest,
  SubmitRequest,
  TermNameExistsQuery,
} from '../../shared/generated';
import { http } from '../api/http';

/** The `data` of a successful envelope; a success without it is a broken contract, not "nothing". */
function dataOf<T>(envelope: ApiEnvelope<T>, call: string): T {
  if (envelope.data === undefined) throw new Error(`${call}: the response carries no data`);
  return envelope.data;
}

export async function fetchActivities(): Promise<ActivitySummary[]> {
  const response = await http.get<ApiEnvelope<ActivitySummary[]>>(ENDPOINTS.activities);
  return dataOf(response.data, 'activities');
}

/** The live version, or with `version` the one a draft was started on (the live one when no process kept it). */
export async function fetchActivity(id: string, version?: string): Promise<ActivityDetail> {
  const response = await http.get<ApiEnvelope<ActivityDetail>>(activityPath(id), {
    silent: true,
    ...(version ? { params: { version } } : {}),
  });
  return dataOf(response.data, 'activity');
}

/** Server time: the application window is judged by it, never by the visitor's clock. */
export async function fetchServerTime(): Promise<Date> {
  const response = await http.get<ApiEnvelope<{ now: string }>>(ENDPOINTS.formTime);
  return new Date(dataOf(response.data, 'getTime').now);
}

/** The server's time with when it was asked and answered here, from which a clock's offset is judged. */
export interface ServerTimeSample {
  serverNow: Date;
  sentAt: number;
  receivedAt: number;
}

export async function sampleServerTime(): Promise<ServerTimeSample> {
  const sentAt = Date.now();
  const serverNow = await fetchServerTime();
  return { serverNow, sentAt, receivedAt: Date.now() };
}

/** The caller's application for an activity, or null when none has been saved yet. */
export async function queryApplication(activityId: string, options: { silent?: boolean } = {}): Promise<ApplicationView | null> {
  const response = await http.get<ApiEnvelope<ApplicationView | null>>(ENDPOINTS.formQuery, { params: { activityId }, ...options });
  return response.data.data ?? null;
}

/** Creates the draft (or returns the existing one). Silent: the step form shows a 403 as a result page. */
export async function firstSave(body: FirstSaveRequest): Promise<ApplicationView> {
  const response = await http.post<ApiEnvelope<ApplicationView>>(ENDPOINTS.formFirstSave, body, { silent: true });
  return dataOf(response.data, 'firstSaveFormData');
}

/** Saves one step. Silent: the step form shows a conflict as a modal and field errors on their fields. */
export async function saveStep(body: SaveStepRequest): Promise<ApplicationView> {
  const response = await http.post<ApiEnvelope<ApplicationView>>(ENDPOINTS.formSave, body, { silent: true });
  return dataOf(response.data, 'saveOrUpdate');
}

/** Submits the stored application. Silent: every refusal is shown by the step form's result page. */
export async function submitApplication(body: SubmitRequest): Promise<ApplicationView> {
  const response = await http.post<ApiEnvelope<ApplicationView>>(ENDPOINTS.formSubmit, body, { silent: true });
  return dataOf(response.data, 'submitData');
}

/** The status of the caller's application and its history, reviewers' notes included (queryStatus). */
export async function fetchApplicationStatus(activityId: string): Promise<ApplicationStatusView> {
  const response = await http.get<ApiEnvelope<ApplicationStatusView>>(ENDPOINTS.formStatus, { params: { activityId }, silent: true });
  return dataOf(response.data, 'queryStatus');
}

export async function fetchMyApplications(pageNo: number, pageSize: number): Promise<Page<ApplicationListItem>> {
  const response = await http.post<ApiEnvelope<Page<ApplicationListItem>>>(ENDPOINTS.myApplications, { pageNo, pageSize });
  return dataOf(response.data, 'queryMyApplicationList');
}

/** Whether another application of the activity already uses the value. Silent: a failed check blocks nothing. */
export async function termNameExists(query: TermNameExistsQuery): Promise<boolean> {
  const response = await http.get<ApiEnvelope<{ exists: boolean }>>(ENDPOINTS.formTermNameExists, { params: query, silent: true });
  return dataOf(response.data, 'termNameExists').exists;
}
