import type { UserRoute } from '../../../shared/generated/user-route';

/**
 * Spec §1/§4: after login the only generated menu is 'research integrity' (科研诚信); its pages are the
 * integrity endpoints of spec §7 (credit info, fix records, audits, logs). Permissions per entry come
 * with the role issue; until then every logged-in user receives the same tree.
 */
export const INTEGRITY_MENU: readonly UserRoute[] = [
  {
    id: 'integrity',
    parentId: '0',
    name: 'integrity',
    path: '/integrity',
    component: 'RouteView',
    redirect: '/integrity/credit',
    meta: { title: '科研诚信', titleEn: 'Research integrity', icon: 'safety-certificate' },
    children: [
      { id: 'integrity-credit', parentId: 'integrity', name: 'integrityCredit', path: '/integrity/credit', component: 'integrity/CreditList', meta: { title: '信用信息', titleEn: 'Credit information' } },
      { id: 'integrity-fix', parentId: 'integrity', name: 'integrityFix', path: '/integrity/fix', component: 'integrity/FixList', meta: { title: '整改记录', titleEn: 'Fix records' } },
      { id: 'integrity-audit', parentId: 'integrity', name: 'integrityAudit', path: '/integrity/audit', component: 'integrity/AuditList', meta: { title: '审核管理', titleEn: 'Audits' } },
      { id: 'integrity-log', parentId: 'integrity', name: 'integrityLog', path: '/integrity/log', component: 'integrity/LogList', meta: { title: '操作日志', titleEn: 'Logs' } },
    ],
  },
];
