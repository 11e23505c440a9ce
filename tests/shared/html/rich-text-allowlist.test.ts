import { describe, expect, it } from 'vitest';
import {
  isAllowedImageUrl,
  isAllowedLinkUrl,
  LINK_REL,
  RICH_TEXT_ATTRIBUTE_NAMES,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROP_WITH_CONTENT,
  RICH_TEXT_TAGS,
  RICH_TEXT_URI_PATTERN,
  richTextAttributes,
} from '../../../src/shared/html/rich-text-allowlist';
import { richTextFields } from '../../../src/shared/schema/rich-text-fields';
import { XSS_PAYLOADS } from '../../fixtures/xss-payloads';

const FORBIDDEN_TAGS = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'form',
  'input',
  'textarea',
  'button',
  'select',
  'base',
  'meta',
  'link',
  'noscript',
  'template',
  'frame',
  'frameset',
  'applet',
  'div',
  'body',
  'html',
  'video',
  'audio',
  'source',
  'details',
  'xmp',
];

/** Every start tag of a payload with its attributes as written (entities decoded for the few used). */
function startTags(html: string): Array<{ tag: string; attributes: Record<string, string> }> {
  const decode = (text: string) =>
    text
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#([0-9]+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)));
  return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g)].map((match) => {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[2] ?? '').matchAll(/([^\s=>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const raw = attribute[2] ?? '';
      attributes[(attribute[1] ?? '').toLowerCase()] = decode(raw.replace(/^["']|["']$/g, ''));
    }
    return { tag: (match[1] ?? '').toLowerCase(), attributes };
  });
}

describe('rich text allowlist', () => {
  it('allows the editor tags and none of the dangerous ones', () => {
    expect([...RICH_TEXT_TAGS].sort()).toEqual([
      'a',
      'b',
      'blockquote',
      'br',
      'code',
      'em',
      'h2',
      'h3',
      'h4',
      'hr',
      'i',
      'img',
      'li',
      'ol',
      'p',
      'pre',
      's',
      'span',
      'strong',
      'table',
      'tbody',
      'td',
      'th',
      'thead',
      'tr',
      'u',
      'ul',
    ]);
    for (const tag of FORBIDDEN_TAGS) expect(RICH_TEXT_TAGS as readonly string[], tag).not.toContain(tag);
    for (const tag of ['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'noscript', 'template', 'textarea', 'xmp'])
      expect(RICH_TEXT_DROP_WITH_CONTENT as readonly string[], tag).toContain(tag);
  });

  it('allows attributes only per tag, and never style, class, id or an event handler', () => {
    expect(RICH_TEXT_ATTRIBUTES).toEqual({
      a: ['href', 'title', 'target', 'rel'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      img: ['src', 'alt', 'width', 'height'],
    });
    expect(RICH_TEXT_ATTRIBUTE_NAMES).toEqual(['alt', 'colspan', 'height', 'href', 'rel', 'rowspan', 'src', 'target', 'title', 'width']);
    for (const name of RICH_TEXT_ATTRIBUTE_NAMES) expect(name).not.toMatch(/^(on|style$|class$|id$|xmlns|xlink)/);
    expect(richTextAttributes('p', { style: 'color:red', class: 'x', id: 'y', onclick: 'alert(1)' })).toEqual({});
    expect(richTextAttributes('td', { colspan: '2', rowspan: '3', onclick: 'alert(1)', background: 'javascript:alert(1)' })).toEqual({
      colspan: '2',
      rowspan: '3',
    });
    expect(richTextAttributes('td', { colspan: '0', rowspan: '1e3' })).toEqual({});
    expect(richTextAttributes('img', { src: '/api/files/abc.png', alt: '图', width: '640', height: 'auto', onerror: 'alert(1)' })).toEqual({
      src: '/api/files/abc.png',
      alt: '图',
      width: '640',
    });
    expect(richTextAttributes('svg', { onload: 'alert(1)' })).toEqual({});
    expect(richTextAttributes('constructor', {})).toEqual({});
  });

  it('keeps target only as _blank, and then forces rel to noopener noreferrer; any rel written is dropped', () => {
    expect(richTextAttributes('a', { href: 'https://example.com', target: '_blank', rel: 'opener' })).toEqual({
      href: 'https://example.com',
      target: '_blank',
      rel: LINK_REL,
    });
    expect(richTextAttributes('a', { href: 'https://example.com', target: '_top', rel: 'opener' })).toEqual({
      href: 'https://example.com',
    });
    expect(richTextAttributes('a', { href: 'https://example.com', rel: 'noopener' })).toEqual({ href: 'https://example.com' });
    expect(LINK_REL).toBe('noopener noreferrer');
  });

  it.each([
    ['https://kjw.example.gov.cn/a?b=1#c', true],
    ['http://example.com', true],
    ['HTTPS://EXAMPLE.COM', true],
    [' https://example.com ', true],
    ['mailto:office@example.com', true],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['\njavascript:alert(1)', false],
    ['\u0001javascript:alert(1)', false],
    ['vbscript:msgbox(1)', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['//evil.example/', false],
    ['/relative/path', false],
    ['https:', false],
    ['https:/x', false],
    ['http://', false],
    ['ftp://example.com', false],
    ['', false],
  ])('a link to %j is allowed: %s', (url, allowed) => {
    expect(isAllowedLinkUrl(url)).toBe(allowed);
  });

  it.each([
    ['/api/files/2f1c9a.png', true],
    ['/api/files/abc/def.jpg?token=Zx9-_.', true],
    ['/api/files/../admin', false],
    ['/api/files//evil.example/x.png', false],
    ['/api/files/', false],
    ['/api/other/x.png', false],
    ['https://evil.example/x.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['/api/files/x.png" onerror="alert(1)', false],
  ])('an image from %j is allowed: %s', (url, allowed) => {
    expect(isAllowedImageUrl(url)).toBe(allowed);
  });

  it("builds DOMPurify's URI pattern from the schemes: a value with a scheme must use one of them", () => {
    expect(RICH_TEXT_URI_PATTERN.source).toBe('^(?:(?:http|https|mailto):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))');
    for (const value of ['https://a.cn', 'HTTP://a.cn', 'mailto:a@b.cn', '/api/files/x', '_blank', '2', 'noopener noreferrer'])
      expect(RICH_TEXT_URI_PATTERN.test(value), value).toBe(true);
    for (const value of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'ftp://a.cn',
      'tel:110',
      'blob:https://a.cn/x',
    ])
      expect(RICH_TEXT_URI_PATTERN.test(value), value).toBe(false);
  });

  it(`keeps no event handler, style or unsafe URL from any of the ${XSS_PAYLOADS.length} payloads' tags`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(25);
    for (const payload of XSS_PAYLOADS) {
      for (const { tag, attributes } of startTags(payload.html)) {
        const kept = richTextAttributes(tag, attributes);
        const label = `${payload.name}: <${tag}>`;
        if (!(RICH_TEXT_TAGS as readonly string[]).includes(tag)) expect(kept, label).toEqual({});
        for (const [name, value] of Object.entries(kept)) {
          expect(name, label).not.toMatch(/^on|^style$|^class$|^id$/i);
          expect(value.replace(/\s/g, ''), label).not.toMatch(/^(javascript|vbscript|data):/i);
          if (name === 'href') expect(isAllowedLinkUrl(value), label).toBe(true);
          if (name === 'src') expect(isAllowedImageUrl(value), label).toBe(true);
        }
      }
    }
  });
});

describe('richTextFields', () => {
  it('finds the top-level RichText fields, conditional branches included, and nothing deeper', () => {
    const schema = {
      type: 'object',
      properties: {
        title: { type: 'string' },
        body: { type: 'string', 'x-component': 'RichText' },
        rows: { type: 'array', items: { type: 'object', properties: { note: { type: 'string', 'x-component': 'RichText' } } } },
      },
      if: { properties: { title: { const: 'x' } } },
      then: { properties: { extra: { type: 'string', 'x-component': 'RichText' } } },
      allOf: [{ properties: { body: { 'x-component': 'RichText' } } }],
    };
    expect(richTextFields(schema).sort()).toEqual(['body', 'extra']);
    expect(richTextFields({ type: 'object' })).toEqual([]);
  });
});
