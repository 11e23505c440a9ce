// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchActivity } from '../../../../src/client/activities/activity-api';
import { fetchReviewDetail, fetchUnmaskedReviewDetail } from '../../../../src/client/activities/review-api';
import AuditDetailPage from '../../../../src/client/pages/integrity/audit-detail-page';
import type { ActivityDetail, ApplicationView, Permission } from '../../../../src/shared/generated';
import { stubMatchMedia } from '../../helpers/dom-setup';
import { renderWithProviders } from '../../helpers/render-with-providers';

/**
 * SECURITY R35 (ADR 0065) on 申报详情: where an application's personal fields read masked, a holder of
 * application.unmask gets the same 查看完整信息 control as a record's detail, with its note that the view
 * is recorded; one click shows the audited answer in full. Without the right there is no control.
 */
vi.mock('../../../../src/client/activities/review-api', () => ({ fetchReviewDetail: vi.fn(), fetchUnmaskedReviewDetail: vi.fn() }));
vi.mock('../../../../src/client/activities/activity-api', () => ({ fetchActivity: vi.fn() }));
const held = vi.hoisted(() => ({ permissions: [] as Permission[] }));
vi.mock('../../../../src/client/permissions/use-permissions', () => ({ usePermissions: () => held.permissions }));
// The steps' read-only forms are ApplicationPage's own tests; here it shows what it is given.
vi.mock('../../../../src/client/activities/application-page', () => ({
  ApplicationPage: ({ application, children }: { application: ApplicationView; children: ReactNode }) => (
    <div>
      <pre data-testid="data">{JSON.stringify(application.data)}</pre>
      {children}
    </div>
  ),
}));

const ID = '0b3c9d8e-1f2a-4b5c-8d6e-7f8091a2b3c4';
const ACTIVITY: ActivityDetail = {
  id: 'innovation-competition',
  title: '创新创业大赛',
  version: 'v1',
  steps: [
    {
      key: 'team',
      title: '团队成员',
      schema: {
        type: 'object',
        properties: {
          members: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string', 'x-mask': 'phone' } } },
          },
        },
      },
    },
  ],
} as unknown as ActivityDetail;
const view = (phone: string): ApplicationView => ({
  id: ID,
  activityId: 'innovation-competition',
  status: 'submitted',
  version: 3,
  currentStep: null,
  data: { team: { members: [{ name: '刘畅', phone }] } },
  schemaVersion: 'v1',
  createdAt: '2026-03-01T01:00:00.000Z',
  updatedAt: '2026-03-02T01:00:00.000Z',
  submittedAt: '2026-03-02T01:00:00.000Z',
  editable: false,
  applicantName: '刘畅',
  history: [],
});

beforeAll(() => stubMatchMedia());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function showAs(actions: Permission['actionList']): void {
  held.permissions = [{ permissionId: 'application', actionList: actions }];
  vi.mocked(fetchActivity).mockResolvedValue(ACTIVITY);
  vi.mocked(fetchReviewDetail).mockResolvedValue(view('139****5678'));
  renderWithProviders(<AuditDetailPage />, { path: `/integrity/audit/detail?id=${ID}`, handle: { permission: ['application'] } });
}

describe('申报详情 for a holder of application.unmask (SECURITY R35)', () => {
  it('offers 查看完整信息 with its note, and shows the audited answer in full', async () => {
    vi.mocked(fetchUnmaskedReviewDetail).mockResolvedValue(view('13912345678'));
    showAs(['query', 'get', 'unmask']);
    expect((await screen.findByTestId('data')).textContent).toContain('139****5678');
    expect(screen.getByText('此次查看将记入审计日志')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看完整信息' }));
    await waitFor(() => expect(screen.getByTestId('data').textContent).toContain('13912345678'));
    expect(fetchUnmaskedReviewDetail).toHaveBeenCalledWith(ID);
    // Shown: the button goes, the note stays.
    expect(screen.queryByRole('button', { name: '查看完整信息' })).toBeNull();
  });

  it('offers nothing to a reader without unmask (the integrity officer)', async () => {
    showAs(['query', 'get']);
    expect((await screen.findByTestId('data')).textContent).toContain('139****5678');
    expect(screen.queryByRole('button', { name: '查看完整信息' })).toBeNull();
  });
});
