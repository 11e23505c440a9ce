import * as svgCaptchaModule from 'svg-captcha';

type RenderSvg = (
  text: string,
  options?: { width?: number; height?: number; fontSize?: number; noise?: number; color?: boolean; background?: string },
) => string;

// svg-captcha's module is itself the render(text, options) function, which its typings omit.
const renderSvg = (svgCaptchaModule as unknown as { default: RenderSvg }).default;

/** The captcha image as an SVG data URL (the CSP allows data: images). The text is drawn as paths, not text. */
export function renderCaptchaImage(text: string): string {
  const svg = renderSvg(text, { width: 120, height: 40, fontSize: 42, noise: 2, color: true, background: '#f5f7fa' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
