import type { CaptchaAnswer } from '../../shared/generated/captcha-answer';
import { http } from './http';

// A visitor's captcha is known by the id that came with its image; the write sends it back (x-captcha-id).
const captchaIds = new Map<string, string>();

/** The id of the last captcha fetched from `endpoint` by a visitor, if the server gave one. */
export function captchaIdFor(endpoint: string): string | undefined {
  return captchaIds.get(endpoint);
}

/** A graphic captcha as an image URL (the server sends an SVG data URL); success is the `success` flag. */
export async function fetchCaptchaImage(endpoint: string): Promise<string> {
  const response = await http.get<CaptchaAnswer>(endpoint);
  const image = response.data.data?.image;
  if (!image) throw new Error(`captcha response from ${endpoint} carries no image`);
  const captchaId = response.data.data?.captchaId;
  if (captchaId) captchaIds.set(endpoint, captchaId);
  else captchaIds.delete(endpoint);
  return image;
}
