import type { ApiEnvelope } from '../../shared/api/envelope';
import { http } from './http';

/** A graphic captcha as an image URL (the server sends an SVG data URL); success is the `success` flag. */
export async function fetchCaptchaImage(endpoint: string): Promise<string> {
  const response = await http.get<ApiEnvelope<{ image: string }>>(endpoint);
  const image = response.data.data?.image;
  if (!image) throw new Error(`captcha response from ${endpoint} carries no image`);
  return image;
}
