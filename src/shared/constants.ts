/** Business constants and limits of spec §9, in one place. */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000; // 604800000
export const API_TIMEOUT_MS = 20_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const LOGOUT_REDIRECT_DELAY_MS = 1_000;
export const ERROR_NOTIFICATION_SECONDS = 4;
export const DEFAULT_PAGE_NO = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const CATALOG_TREE_PAGE_SIZE = 1000;
export const CAPTCHA_LIFETIME_MS = 5 * 60 * 1000;
export const MESSAGE_TYPE_DICT = 'need_type';
export const FIELD_MAX_LENGTH = { theme: 50, name: 30, phone: 20, email: 50, code: 20 } as const;
export const SIDEBAR_WIDTH = { expanded: 256, collapsed: 80 } as const;
export const ACCESS_TOKEN_KEY = 'ACCESS_TOKEN';
export const ACCESS_TOKEN_COOKIE = 'Access-Token';
/**
 * The single sign-on's hand-over of a password-less but second-factor-owing login (SECURITY R06, ADR 0067):
 * a script-readable cookie of a few minutes, as Access-Token hands a full token over; the login page takes
 * it into memory and deletes it. Never an authenticator: the server reads only the Authorization header.
 */
export const MFA_TOKEN_COOKIE = 'Mfa-Token';
