// @vitest-environment jsdom
// jsdom, not happy-dom: happy-dom 21's NodeIterator stops at a node removed during the walk, so
// DOMPurify there drops the first disallowed element and leaves everything after it unsanitised.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeRichTextHtml } from '../../../src/client/components/safe-html';
import { sanitizeRichText } from '../../../src/server/lib/sanitize-rich-text';
import {
  isAllowedImageUrl,
  isAllowedLinkUrl,
  LINK_REL,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  type RichTextTag,
} from '../../../src/shared/html/rich-text-allowlist';
import { SAFE_RICH_TEXT, XSS_PAYLOADS } from '../../fixtures/xss-payloads';

afterEach(cleanup);

/** What is wrong with the DOM SafeHtml rendered: anything outside the allowlist, any handler, any script URL. */
function problems(root: Element): string[] {
  const found: string[] = [];
  if (root.querySelector('script')) found.push('script element');
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (!(RICH_TEXT_TAGS as readonly string[]).includes(tag)) found.push(`tag ${tag}`);
    const allowed = RICH_TEXT_ATTRIBUTES[tag as RichTextTag] ?? [];
    for (const { name, value } of Array.from(element.attributes)) {
      if (/^on/i.test(name)) found.push(`event handler ${name} on ${tag}`);
      if (name === 'style') found.push(`style on ${tag}`);
      if (!allowed.includes(name)) found.push(`attribute ${name} on ${tag}`);
      if (/^\s*(javascript|vbscript|data):/i.test(value)) found.push(`URL ${value} in ${name}`);
      if (name === 'href' && !isAllowedLinkUrl(value)) found.push(`href ${value}`);
      if (name === 'src' && !isAllowedImageUrl(value)) found.push(`src ${value}`);
    }
    if (tag === 'a' && element.getAttribute('target') === '_blank' && element.getAttribute('rel') !== LINK_REL)
      found.push('new-window link without rel');
  }
  return found;
}

function renderSafe(html: string): Element {
  const { container } = render(<SafeHtml html={html} className="article-body" />);
  const root = container.querySelector('.kc-rich-text');
  if (!root) throw new Error('SafeHtml rendered no root');
  return root;
}

describe('SafeHtml (DOMPurify from the shared allowlist)', () => {
  it(`renders none of the ${XSS_PAYLOADS.length} XSS payloads as anything but harmless markup`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(25);
    for (const payload of XSS_PAYLOADS) {
      const root = renderSafe(`<p>before</p>${payload.html}<p>after</p>`);
      expect(problems(root), `${payload.name}: ${root.innerHTML}`).toEqual([]);
      expect(root.innerHTML, payload.name).not.toMatch(/<script|javascript:|\son\w+=/i);
      cleanup();
    }
  });

  it('applies the per-tag rules DOMPurify alone would not: attributes by tag, image paths, target and rel', () => {
    expect(sanitizeRichTextHtml('<p title="t" onclick="x">p</p>')).toBe('<p>p</p>');
    expect(sanitizeRichTextHtml('<td colspan="2" title="t">c</td>')).toBe('c');
    expect(sanitizeRichTextHtml('<img src="https://evil.example/t.png" alt="a">')).toBe('<img alt="a">');
    expect(sanitizeRichTextHtml('<img src="/api/files/a.png" width="40" height="x">')).toBe('<img src="/api/files/a.png" width="40">');
    expect(sanitizeRichTextHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichTextHtml('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
    expect(sanitizeRichTextHtml('<a href="/local/path">x</a>')).toBe('<a>x</a>');
  });

  it('keeps allowed content as written, and shows the server-sanitised text the same way', () => {
    expect(renderSafe(SAFE_RICH_TEXT).innerHTML).toBe(SAFE_RICH_TEXT);
    cleanup();
    const root = renderSafe(sanitizeRichText(SAFE_RICH_TEXT));
    expect(root.querySelector('h3')?.textContent).toBe('申报条件');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('https://kjw.example.gov.cn/notice');
    expect(root.querySelectorAll('li')).toHaveLength(3);
    expect(root.querySelector('th')?.getAttribute('colspan')).toBe('2');
    expect(root.className).toBe('kc-rich-text article-body');
  });

  it('shows a template expression as text', () => {
    const root = renderSafe("{{constructor.constructor('alert(1)')()}}");
    expect(root.textContent).toBe("{{constructor.constructor('alert(1)')()}}");
    expect(root.children).toHaveLength(0);
  });
});
