import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../../../src/server/db/schema';
import { plainText } from '../../../../src/server/services/search/plain-text';
import type { ChatAnswer } from '../../../../src/shared/generated/chat-answer';
import { createTestApp, type TestApp } from '../../helpers/test-app';

/**
 * Questions and answers (issue 13) over the demo's policies: every cited source exists, is a policy
 * or an interpretation a visitor may open, and holds the quoted passage word for word.
 */
let t: TestApp;

async function ask(question: string, locale = 'zh-CN'): Promise<{ status: number; answer: ChatAnswer }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/sys/api/pub/chatQuery',
    payload: { question },
    headers: { 'accept-language': locale },
  });
  return { status: response.statusCode, answer: (response.json() as { data: ChatAnswer }).data };
}

const idOf = (href: string): string => new URL(href, 'http://portal.test').searchParams.get('id') ?? '';
const textOf = (parts: Array<{ text: string }>): string => parts.map((part) => part.text).join('');

beforeAll(async () => {
  t = await createTestApp({ seedDemoUsers: true });
});
afterAll(async () => t.close());

describe('questions and answers: /sys/api/pub/chatQuery', () => {
  it.each([
    '科技企业孵化器认定需要什么条件？',
    '高新技术企业培育有哪些支持措施',
    '技术合同登记奖励怎么申请',
    '高层次人才安家补贴的标准是多少',
  ])('answers “%s” from the policies, citing sources that hold each passage', async (question) => {
    const { status, answer } = await ask(question);
    expect(status).toBe(200);
    expect(answer.found, JSON.stringify(answer)).toBe(true);
    expect(answer.question).toBe(question);
    expect(answer.passages.length).toBeGreaterThan(0);
    expect(answer.sources.length).toBeGreaterThan(0);
    for (const source of answer.sources) {
      // The source exists, is public and opens for a visitor.
      const detail = await t.app.inject({ method: 'GET', url: `/api/sys/api/article/get?id=${idOf(source.href)}` });
      expect(detail.statusCode, source.href).toBe(200);
      expect(['政策文件', '政策解读']).toContain(source.kind);
    }
    for (const passage of answer.passages) {
      const source = answer.sources[passage.source - 1];
      expect(source, `passage cites ${passage.source}`).toBeDefined();
      const [row] = await t.db
        .select({ data: records.data })
        .from(records)
        .where(eq(records.id, idOf(source?.href ?? '')));
      // Word for word from one of its source's fields (the summary or the text), with some of the question's words marked.
      const fields = ['summary', 'body'].map((field) => plainText(row?.data[field]));
      expect(
        fields.some((text) => text.includes(textOf(passage.text))),
        `${textOf(passage.text)} in ${source?.title ?? ''}`,
      ).toBe(true);
      expect(passage.text.some((part) => part.hit)).toBe(true);
    }
  });

  it('says plainly when nothing matches, in the caller’s language', async () => {
    const zh = await ask('火星基地的氧气供应怎么解决');
    expect(zh.answer).toMatchObject({ found: false, passages: [], sources: [] });
    expect(zh.answer.summary).toContain('没有找到与您的问题相关的政策内容');
    const en = await ask('zqxjv vvqq', 'en-US');
    expect(en.answer.summary).toMatch(/^Nothing in the policies matches/);
  });

  it('refuses an empty or overlong question with a 400 on the field', async () => {
    for (const question of ['', ' ', '问'.repeat(201)]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/sys/api/pub/chatQuery', payload: { question } });
      expect(response.statusCode, JSON.stringify(question)).toBe(400);
      expect((response.json() as { errors: Array<{ path: string }> }).errors[0]?.path).toBe('question');
    }
  });
});
