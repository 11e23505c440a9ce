/** API paths under the `/api` base (spec §7); the client and the server both use these. */
export const API_BASE = '/api';

export const ENDPOINTS = {
  health: '/health',
  formSchema: '/schemas/forms/:name',
  login: '/sys/user/login',
  logout: '/sys/user/logout',
  userInfo: '/integrity/app/user/settings/info',
  dictByCode: '/sys/biz/queryDictByCode',
  messageCaptcha: '/sys/person/message/loginCode',
  messageCreate: '/sys/person/message/create',
  myMessages: '/sys/person/message/queryMyMessageList',
  search: '/sys/api/search',
} as const;

export function formSchemaPath(name: string): string {
  return ENDPOINTS.formSchema.replace(':name', encodeURIComponent(name));
}
