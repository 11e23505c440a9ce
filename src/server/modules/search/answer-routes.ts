import type { FastifyInstance } from 'fastify';
import chatAnswerSchema from '../../../../schemas/api/chat-answer.schema.json';
import chatQuerySchema from '../../../../schemas/api/chat-query.schema.json';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import type { ChatAnswer } from '../../../shared/generated/chat-answer';
import type { ChatQuery } from '../../../shared/generated/chat-query';
import type { Locale } from '../../../shared/i18n/locale';
import { requestLocale } from '../../i18n/request-locale';
import { ok } from '../../lib/envelope';
import { okResponse } from '../../lib/ok-response';
import { composeAnswer } from '../../services/search/compose-answer';
import { createKindLabels } from '../../services/search/kind-labels';
import { searchDocumentsPage, type SearchScope } from '../../services/search/search-documents';
import { queryWords } from '../../services/search/word-segmenter';

// The documents read for an answer: the best few are enough, and keep the answer quick.
const CANDIDATES = 8;

const SUMMARY: Record<Locale, { found: (count: number) => string; none: string }> = {
  'zh-CN': {
    found: (count) => `根据检索到的 ${count} 份政策文件，与您的问题相关的规定如下（原文摘录，请以文件全文为准）：`,
    none: '没有找到与您的问题相关的政策内容。请换一种说法、使用政策中的关键词再问，或通过「政策咨询」向我们留言。',
  },
  'en-US': {
    found: (count) =>
      `From ${count} policy documents found, these provisions bear on your question (quoted as written; the full text prevails):`,
    none: 'Nothing in the policies matches your question. Try other words, the terms the policies use, or send us a policy question.',
  },
};

/**
 * Questions and answers (issue 13, spec §7 pub/chatQuery): retrieval over the folders whose search
 * block declares answers (the policies and their interpretations), quoting the sentences that bear
 * on the question and citing each source. No external service: the search index and the documents'
 * own words. Nothing good enough found is said plainly.
 */
export async function answerRoutes(app: FastifyInstance): Promise<void> {
  // Read at each question: a publication may change a folder's search block (ADR 0048).
  const scopesNow = (): SearchScope[] =>
    app.resources.list().flatMap((resource) => {
      const answers = resource.resource.search?.answers;
      return answers ? [{ source: resource.name, kinds: answers.kinds }] : [];
    });
  const kindLabels = createKindLabels(app);

  app.post<{ Body: ChatQuery }>(
    ENDPOINTS.chatQuery,
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        summary: '政策问答（从政策文件中检索原文作答并注明出处）',
        tags: ['门户搜索'],
        body: chatQuerySchema,
        response: okResponse(chatAnswerSchema),
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      const question = request.body.question.trim();
      const terms = queryWords(question);
      const scopes = scopesNow();
      const found =
        scopes.length > 0 && terms.length > 0
          ? await searchDocumentsPage(app.database.db, { keyword: question, within: scopes, pageNo: 1, pageSize: CANDIDATES })
          : undefined;
      const composed = found ? composeAnswer(found.documents, terms, found.words) : { passages: [], sources: [] };
      const labels = await kindLabels(new Set(composed.sources.map((source) => source.source)), locale);
      const answer: ChatAnswer = {
        question,
        found: composed.passages.length > 0,
        summary: composed.passages.length > 0 ? SUMMARY[locale].found(composed.sources.length) : SUMMARY[locale].none,
        passages: composed.passages.map((passage) => ({ text: passage.parts, source: passage.source })),
        sources: composed.sources.map((source, index) => {
          const kind = source.kind === null ? undefined : (labels.get(`${source.source}:${source.kind}`) ?? source.kind);
          return {
            index: index + 1,
            title: source.title,
            href: source.href,
            ...(kind === undefined ? {} : { kind }),
            ...(source.day === null ? {} : { date: source.day }),
          };
        }),
      };
      return ok(answer);
    },
  );
}
