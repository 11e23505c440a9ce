/** API paths under the `/api` base (spec §7); the client and the server both use these. */
export const API_BASE = '/api';

export const ENDPOINTS = {
  health: '/health',
  formSchema: '/schemas/forms/:name',
  login: '/sys/user/login',
  logout: '/sys/user/logout',
  userInfo: '/integrity/app/user/settings/info',
  dictByCode: '/sys/biz/queryDictByCode',
  dictList: '/integrity/app/dict/list',
  messageCaptcha: '/sys/person/message/loginCode',
  messageCreate: '/sys/person/message/create',
  myMessages: '/sys/person/message/queryMyMessageList',
  search: '/sys/api/search',
  hotSearch: '/sys/api/article/hotSearch',
  chatQuery: '/sys/api/pub/chatQuery',
  // The portal's content (spec §7 Content; resource folders catalog, article and interest).
  catalogTree: '/sys/api/catalog/listTree',
  articleList: '/sys/api/article/list',
  articleGet: '/sys/api/article/get',
  articleByCatalog: '/sys/api/article/listByCatalogId',
  policyMonth: '/sys/api/article/getPolicyMonth',
  policyOnOrEnd: '/sys/api/article/getPolicyOnOrEnd',
  policyMonthCounts: '/sys/api/article/countMonthPolicy',
  articlesByUserTag: '/sys/api/article/queryArticleByUserTag',
  myTags: '/sys/api/pub/tag/mine',
  saveTags: '/sys/api/pub/tag/save',
  updateTags: '/sys/api/pub/tag/update',
  // Activity applications (ADR 0004).
  activities: '/schemas/activities',
  activity: '/schemas/activities/:id',
  // 表单设计 (issue 17, ADR 0026): open, check, weigh and publish activity folders and forms.
  studioUnits: '/studio/units',
  studioUnit: '/studio/unit',
  studioCheck: '/studio/check',
  studioImpact: '/studio/impact',
  studioPublish: '/studio/publish',
  studioRollback: '/studio/rollback',
  studioVersions: '/studio/versions',
  studioCreate: '/studio/create',
  studioRetire: '/studio/retire',
  formTime: '/sys/form/data/getTime',
  formQuery: '/sys/form/data/query',
  formFirstSave: '/sys/form/data/firstSaveFormData',
  formSave: '/sys/form/data/saveOrUpdate',
  formResourceQuery: '/sys/form/data/:resource/query',
  formResourceSave: '/sys/form/data/:resource/saveOrUpdate',
  formValidateStep: '/sys/form/data/validateFormData',
  formValidateAll: '/sys/form/data/validatorData',
  formSubmit: '/sys/form/data/submitData',
  formStatus: '/sys/form/data/queryStatus',
  formTermNameExists: '/sys/form/data/termNameExists',
  formWithdraw: '/sys/form/data/withdraw',
  myApplications: '/sys/form/data/queryMyApplicationList',
  reviewList: '/sys/form/data/queryApplicationList',
  reviewDetail: '/sys/form/data/detail',
  // SECURITY R35 (ADR 0065): the same detail with the personal fields in full, for application.unmask, audited.
  reviewDetailUnmasked: '/sys/form/data/detail/unmasked',
  review: '/sys/form/data/review',
  attachmentUpload: '/sys/form/data/attachment/upload',
  attachmentDownload: '/sys/form/data/attachment/:id',
  // Spec §7 upload/token: a short-lived link (storage key plus token) and the endpoint that serves it.
  fileLinkToken: '/integrity/app/upload/token',
  fileByLink: '/files/:key',
  // An attachment of a record open to visitors (resource.json visitors): an article's images.
  publicFile: '/files/public/:id',
  // The passport and the account (spec §7 "Auth and user", ADR 0005).
  passportLogin: '/oauth/login',
  passportCaptcha: '/oauth/loginCode',
  passportLogout: '/oauth/logout',
  sendSms: '/oauth/sendSms',
  resetPassword: '/oauth/resetPassword',
  register: '/oauth/register',
  activate: '/oauth/activate',
  ssoLogin: '/oauth/ywtbAuthLogin',
  ssoCallback: '/oauth/ywtbAuthLogin/callback',
  ssoBind: '/oauth/ywtbJxAuthLogin',
  changePassword: '/sys/user/change-password',
  // The second factor of a privileged login (SECURITY R06, ADR 0067).
  mfaStatus: '/sys/user/mfa',
  mfaVerify: '/sys/user/mfa/verify',
  mfaSms: '/sys/user/mfa/sms',
  mfaEnrolment: '/sys/user/mfa/enrolment',
  mfaEnrolmentConfirm: '/sys/user/mfa/enrolment/confirm',
  mfaReset: '/sys/user/mfa/reset',
  mfaClear: '/sys/user/mfa/clear',
  // 用户管理: an administrator opens an account or resets its password; the owner changes it at the next login (SECURITY R07).
  userCreate: '/sys/user/add',
  userPasswordReset: '/sys/user/reset-password',
  // SECURITY R11: an administrator ends every session but their own (one account's: sys-user's endSessions transition).
  userEndAllSessions: '/sys/user/end-all-sessions',
  securitySettings: '/sys/app/user/settings/security',
  userRoutes: '/integrity/app/user/routes',
  userUnits: '/integrity/app/user/unit/list',
  switchUnit: '/integrity/app/user/settings/unit',
  // 工作台 (issue 31): the caller's queues, counted from the workflows and lists.
  workbench: '/workbench',
  // 统计看板 (issue 31 item 3): the dashboards the caller may see, and one's figures.
  dashboards: '/dashboards',
  dashboard: '/dashboards/:name',
  // 科研诚信 > 操作日志: the security audit log (SECURITY R31, R32; ADR 0009).
  auditLogList: '/integrity/app/audit/list',
  // The audit administrator verifies the log's hash chain (SECURITY R19, R32; ADR 0068).
  auditLogVerify: '/integrity/app/audit/verify',
  // 消息中心 (issue 31 item 4): the signed-in user's own notices from workflow transitions.
  notifications: '/notifications/list',
  notificationsUnread: '/notifications/unread-count',
  notificationRead: '/notifications/read',
  notificationsReadAll: '/notifications/read-all',
  // The development SSO provider, mounted only when allowed (ADR 0005).
  devSsoAuthorize: '/dev-sso/authorize',
  devSsoToken: '/dev-sso/token',
  devSsoUserinfo: '/dev-sso/userinfo',
} as const;

export function formSchemaPath(name: string): string {
  return ENDPOINTS.formSchema.replace(':name', encodeURIComponent(name));
}

export function activityPath(id: string): string {
  return ENDPOINTS.activity.replace(':id', encodeURIComponent(id));
}

/** Where an image of a record open to visitors is read, without a token (an <img src>). */
export function publicFilePath(id: string): string {
  return `${API_BASE}${ENDPOINTS.publicFile.replace(':id', encodeURIComponent(id))}`;
}

export function attachmentDownloadPath(id: string): string {
  return ENDPOINTS.attachmentDownload.replace(':id', encodeURIComponent(id));
}

/** `/sys/form/data/<resource>/query` or `/saveOrUpdate`: the step whose manifest `resource` is this one. */
export function formResourcePath(kind: 'query' | 'save', resource: string): string {
  return (kind === 'query' ? ENDPOINTS.formResourceQuery : ENDPOINTS.formResourceSave).replace(':resource', encodeURIComponent(resource));
}
