import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { ApiEnvelope } from '../../../shared/api/envelope';
import type { Workbench } from '../../../shared/generated/workbench';
import { http } from '../../api/http';

/** GET /api/workbench: the caller's queues, counted by the server as the lists count them. */
export async function fetchWorkbench(): Promise<Workbench> {
  const response = await http.get<ApiEnvelope<Workbench>>(ENDPOINTS.workbench);
  const workbench = response.data.data;
  if (!workbench) throw new Error('workbench response carries no data');
  return workbench;
}
