import type { AxiosResponse } from 'axios';
import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ApiEnvelope } from '../../shared/api/envelope';
import type { MessageForm } from '../../shared/generated/message-form';
import { http } from './http';

/** Spec §7: creates a message; success is code 0, field errors come back as a 400 with errors[]. */
export function createMessage(body: MessageForm): Promise<AxiosResponse<ApiEnvelope<unknown>>> {
  return http.post<ApiEnvelope<unknown>>(ENDPOINTS.messageCreate, body, { handlesFieldErrors: true });
}
