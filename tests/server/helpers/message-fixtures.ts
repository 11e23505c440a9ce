import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { messages } from '../../../src/server/db/schema';
import type { TestApp } from './test-app';
import { TEST_CAPTCHA } from './test-app';
import type { TestUser } from './test-users';

/** A message that passes every rule (messageType '1' is in need_type). */
export function validMessage(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    messageType: '1',
    theme: '关于技术合作的咨询',
    name: '张伟',
    phone: '13800138000',
    email: 'zhangwei@example.com',
    content: '希望了解相关政策。',
    code: TEST_CAPTCHA,
    ...overrides,
  };
}

export async function fetchCaptcha(t: TestApp, user: TestUser): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({ method: 'GET', url: '/api/sys/person/message/loginCode', headers: user.auth });
  expect(response.statusCode).toBe(200);
  return response;
}

export function postMessage(
  t: TestApp,
  user: TestUser | undefined,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/sys/person/message/create',
    headers: { ...(user?.auth ?? {}), ...headers },
    payload: payload as Record<string, unknown>,
  });
}

export async function storedMessageCount(t: TestApp, userId: string): Promise<number> {
  return (await t.db.select({ id: messages.id }).from(messages).where(eq(messages.userId, userId))).length;
}

const CJK = /[\u4e00-\u9fff]/;

/** The shape every rejected write must have: the status, a Chinese msg, the field named, no stack. */
export function expectFieldError(
  response: LightMyRequestResponse,
  status: number,
  path: string,
  keyword: string,
): { message: string; params: Record<string, unknown> } {
  expect(response.statusCode).toBe(status);
  const body = response.json<{
    code: number;
    msg: string;
    errors?: { path: string; keyword: string; message: string; params: Record<string, unknown> }[];
  }>();
  expect(body.code).toBe(status);
  expect(body.msg).toMatch(CJK);
  expect(response.body).not.toMatch(/\bat .+:\d+|node_modules|stack/);
  const error = body.errors?.find((entry) => entry.path === path && entry.keyword === keyword);
  expect(error, `expected a ${keyword} error on ${path} in ${response.body}`).toBeDefined();
  expect(error?.message).toMatch(CJK);
  return { message: error?.message ?? '', params: error?.params ?? {} };
}
