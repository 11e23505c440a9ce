import { describe, expect, it } from 'vitest';
import { sanitizeRichText, sanitizeRichTextFields } from '../../../src/server/lib/sanitize-rich-text';
import {
  isAllowedImageUrl,
  isAllowedLinkUrl,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  type RichTextTag,
} from '../../../src/shared/html/rich-text-allowlist';
import { SAFE_RICH_TEXT, XSS_PAYLOADS } from '../../fixtures/xss-payloads';

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-]+="[^"]*")*)\s*(\/?)>/g;

/**
 * Everything wrong with a sanitiser's output, checked on its structure: sanitize-html escapes every
 * `<` of text and every `"` of a value, so each `<` left starts a real tag.
 */
function problems(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push('<script');
  if (html.replace(TAG, '').includes('<')) found.push(`unparsed markup in ${html}`);
  for (const [, , name = '', attributeText = ''] of html.matchAll(TAG)) {
    const tag = name.toLowerCase();
    if (!(RICH_TEXT_TAGS as readonly string[]).includes(tag)) found.push(`tag ${tag}`);
    const allowed = RICH_TEXT_ATTRIBUTES[tag as RichTextTag] ?? [];
    for (const [, attribute = '', value = ''] of attributeText.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) {
      if (/^on/i.test(attribute)) found.push(`event handler ${attribute}`);
      if (attribute === 'style') found.push('style attribute');
      if (!allowed.includes(attribute)) found.push(`attribute ${attribute} on ${tag}`);
      const decoded = value.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
      if (/^\s*(javascript|vbscript|data):/i.test(decoded)) found.push(`URL ${decoded}`);
      if (attribute === 'href' && !isAllowedLinkUrl(decoded)) found.push(`href ${decoded}`);
      if (attribute === 'src' && !isAllowedImageUrl(decoded)) found.push(`src ${decoded}`);
    }
  }
  return found;
}

describe('sanitizeRichText (server, sanitize-html from the shared allowlist)', () => {
  it(`neutralises every one of the ${XSS_PAYLOADS.length} XSS payloads`, () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(25);
    for (const payload of XSS_PAYLOADS) {
      const output = sanitizeRichText(payload.html);
      expect(problems(output), `${payload.name}: ${output}`).toEqual([]);
      // Wrapped in allowed markup too, so a payload cannot hide behind an empty result.
      const wrapped = sanitizeRichText(`<p>before</p>${payload.html}<p>after</p>`);
      expect(problems(wrapped), `${payload.name} (wrapped): ${wrapped}`).toEqual([]);
      expect(wrapped, payload.name).toContain('<p>before</p>');
    }
  });

  it('drops dangerous elements with their content, and keeps the text of harmless unknown ones', () => {
    expect(sanitizeRichText('<script>alert(1)</script>')).toBe('');
    expect(sanitizeRichText('<p>a</p><style>@import "x";</style>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichText('<div style="color:red" class="x">text</div>')).toBe('text');
    expect(sanitizeRichText('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).not.toMatch(/<img/);
    expect(sanitizeRichText('<p onclick="alert(1)" style="color:red" id="x">click</p>')).toBe('<p>click</p>');
  });

  it('strips unsafe URLs but keeps the link text', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="//evil.example/">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="https://example.com" target="_top" rel="opener">x</a>')).toBe('<a href="https://example.com">x</a>');
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:office@example.com">mail</a>')).toBe('<a href="mailto:office@example.com">mail</a>');
  });

  it('keeps images only from the file store, and drops an image left without a source', () => {
    expect(sanitizeRichText('<p>x</p><img src="/api/files/abc.png" alt="图" width="320" onerror="alert(1)">')).toBe(
      '<p>x</p><img src="/api/files/abc.png" alt="图" width="320" />',
    );
    expect(sanitizeRichText('<p>x</p><img src="https://evil.example/t.png">')).toBe('<p>x</p>');
    expect(sanitizeRichText('<p>x</p><img src="data:image/png;base64,AAAA">')).toBe('<p>x</p>');
  });

  it('keeps allowed content intact: headings, emphasis, an https link, lists, a quote and a table', () => {
    expect(sanitizeRichText(SAFE_RICH_TEXT)).toBe(SAFE_RICH_TEXT);
    expect(
      sanitizeRichText('<p>a<br>b</p><hr><pre><code>x &lt; y</code></pre><p><s>old</s> <u>u</u> <b>b</b> <i>i</i> <span>s</span></p>'),
    ).toBe('<p>a<br />b</p><hr /><pre><code>x &lt; y</code></pre><p><s>old</s> <u>u</u> <b>b</b> <i>i</i> <span>s</span></p>');
  });

  it('leaves a template expression as inert text', () => {
    expect(sanitizeRichText("<p>{{constructor.constructor('alert(1)')()}}</p>")).toBe("<p>{{constructor.constructor('alert(1)')()}}</p>");
  });

  it('gives the empty string when nothing visible is left, so the field counts as not filled in', () => {
    for (const html of [
      '',
      '   ',
      '<p></p>',
      '<p> &nbsp; </p><br>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<p><span></span></p><hr>',
    ]) {
      expect(sanitizeRichText(html), html).toBe('');
    }
    expect(sanitizeRichText('<p><img src="/api/files/a.png"></p>')).toBe('<p><img src="/api/files/a.png" /></p>');
  });
});

describe('sanitizeRichTextFields', () => {
  const schema = {
    type: 'object',
    properties: {
      title: { type: 'string' },
      body: { type: 'string', 'x-component': 'RichText' },
      note: { type: 'string', 'x-component': 'Input.TextArea' },
    },
  };

  it('sanitises only the RichText string fields and leaves the rest alone', () => {
    const data = { title: '<b>t</b>', body: '<p onclick="x">b</p><script>1</script>', note: '<i>n</i>' };
    expect(sanitizeRichTextFields(schema, data)).toEqual({ title: '<b>t</b>', body: '<p>b</p>', note: '<i>n</i>' });
    expect(data.body).toBe('<p onclick="x">b</p><script>1</script>');
  });

  it('returns the same object when there is no rich text string to sanitise', () => {
    const data = { title: 'x', body: 42 };
    expect(sanitizeRichTextFields(schema, data)).toBe(data);
    const noRich = { title: 'x' };
    expect(sanitizeRichTextFields({ type: 'object', properties: { title: { type: 'string' } } }, noRich)).toBe(noRich);
  });
});
