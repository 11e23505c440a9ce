import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { ApiEnvelope } from '../../../shared/api/envelope';
import type { Dashboard } from '../../../shared/generated/dashboard';
import type { DashboardSummary } from '../../../shared/generated/dashboard-summary';
import { http } from '../../api/http';

/** GET /api/dashboards: the dashboards with a widget the caller may read. */
export async function fetchDashboards(): Promise<DashboardSummary[]> {
  const response = await http.get<ApiEnvelope<DashboardSummary[]>>(ENDPOINTS.dashboards);
  return response.data.data ?? [];
}

/** GET /api/dashboards/:name: the figures of each widget the caller may read, counted by the server. */
export async function fetchDashboard(name: string): Promise<Dashboard> {
  const response = await http.get<ApiEnvelope<Dashboard>>(ENDPOINTS.dashboard.replace(':name', encodeURIComponent(name)));
  const dashboard = response.data.data;
  if (!dashboard) throw new Error('dashboard response carries no data');
  return dashboard;
}
