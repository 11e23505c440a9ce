import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { ChatAnswer } from '../../shared/generated/chat-answer';
import { http } from '../api/http';

/** An answer from the policies (pub/chatQuery); the page shows its own failed state. */
export async function askQuestion(question: string): Promise<ChatAnswer> {
  const response = await http.post<ApiEnvelope<ChatAnswer>>(ENDPOINTS.chatQuery, { question }, { silent: true });
  const answer = response.data.data;
  if (!answer) throw new Error('chatQuery answered without data');
  return answer;
}

export const ANSWER_PATH = '/home/aianswer';

export function answerHref(question: string): string {
  return `${ANSWER_PATH}?${new URLSearchParams({ question }).toString()}`;
}
