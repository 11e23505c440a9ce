// @vitest-environment happy-dom
// happy-dom, not jsdom: ProseMirror measures the selection with getClientRects, which jsdom lacks.
// (DOMPurify's sanitising is proven under jsdom in tests/client/components/safe-html.test.tsx:
// happy-dom's NodeIterator is not faithful enough for it.)
import { createForm } from '@formily/core';
import type { Editor } from '@tiptap/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpEngine } from '../../../src/client/engine/engine-setup';
import { isToolbarLinkUrl, RichTextEditor } from '../../../src/client/engine/rich-text-editor';
import { SchemaForm } from '../../../src/client/engine/schema-form';
import type { JsonSchema } from '../../../src/shared/schema/json-schema';
import { stubMatchMedia } from '../helpers/dom-setup';
import { loadAllComponents } from '../helpers/load-all-components';

beforeAll(() => {
  stubMatchMedia();
  setUpEngine('zh-CN');
});
// The lazy widgets up front: a cold import under Vitest would eat the tests' 1 s waits.
beforeAll(loadAllComponents);

afterEach(() => cleanup());

/** The tiptap editor behind an editable area (tiptap puts itself on its view's DOM node). */
function editorOf(textbox: HTMLElement): Editor {
  const editor = (textbox as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error('no tiptap editor on the textbox');
  return editor;
}

describe('RichTextEditor', () => {
  it('shows the value in a labelled multi-line textbox with a zh-CN toolbar, and injects no <style>', () => {
    render(<RichTextEditor value="<p>各区科技主管部门：<strong>现将</strong>有关事项通知如下。</p>" aria-label="正文" />);
    const textbox = screen.getByRole('textbox', { name: '正文' });
    expect(textbox.getAttribute('aria-multiline')).toBe('true');
    expect(textbox.getAttribute('contenteditable')).toBe('true');
    expect(textbox.querySelector('strong')?.textContent).toBe('现将');
    expect(screen.getByRole('toolbar', { name: '正文格式工具栏' })).toBeTruthy();
    for (const label of ['加粗', '斜体', '三级标题 H3', '无序列表', '有序列表 1.', '插入链接', '撤销', '重做'])
      expect(screen.getByRole('button', { name: label }), label).toBeTruthy();
    expect(document.head.querySelector('style[data-tiptap-style]')).toBeNull();
  });

  it('gives HTML to onChange when the content changes, and the empty string for an empty document', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor value="<p>初稿</p>" onChange={onChange} aria-label="正文" />);
    const editor = editorOf(screen.getByRole('textbox', { name: '正文' }));
    act(() => {
      editor.commands.setContent('<p>第二稿</p>', { emitUpdate: true });
    });
    expect(onChange).toHaveBeenLastCalledWith('<p>第二稿</p>');
    act(() => {
      editor.chain().selectAll().toggleBold().run();
    });
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>第二稿</strong></p>');
    act(() => {
      editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' 补充');
    });
    // Text typed at the end of bold text carries on in bold, as in any editor.
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>第二稿 补充</strong></p>');
    act(() => {
      editor.commands.clearContent(true);
    });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('turns the selection into a list from the toolbar, and undoes it', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor value="<p>第一项</p>" onChange={onChange} aria-label="正文" />);
    fireEvent.click(screen.getByRole('button', { name: '无序列表' }));
    // StarterKit's trailing node keeps an empty paragraph after a list, for the caret to go on writing.
    expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>第一项</p></li></ul><p></p>');
    await waitFor(() => expect(screen.getByRole('button', { name: '撤销' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: '撤销' }));
    expect(onChange).toHaveBeenLastCalledWith('<p>第一项</p>');
  });

  it('sets a link only to an http(s) address typed into the link dialog', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor value="<p>通知原文</p>" onChange={onChange} aria-label="正文" />);
    const editor = editorOf(screen.getByRole('textbox', { name: '正文' }));
    act(() => {
      editor.commands.selectAll();
    });
    fireEvent.click(screen.getByRole('button', { name: '插入链接' }));
    const input = await screen.findByRole('textbox', { name: /请输入链接地址/ });
    fireEvent.change(input, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('链接地址须以 http:// 或 https:// 开头');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'https://kjw.example.gov.cn/notice' } });
    fireEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<p><a target="_blank" rel="noopener noreferrer" href="https://kjw.example.gov.cn/notice">通知原文</a></p>',
    );
  });

  it('accepts only absolute http(s) addresses in the link dialog', () => {
    expect(isToolbarLinkUrl('https://example.com')).toBe(true);
    expect(isToolbarLinkUrl('http://example.com/a?b')).toBe(true);
    for (const url of ['javascript:alert(1)', 'mailto:a@b.cn', 'data:text/html,x', '//evil.example', '/local', 'example.com'])
      expect(isToolbarLinkUrl(url), url).toBe(false);
  });

  it('read-only: no toolbar, not editable, and the value still shows', () => {
    render(<RichTextEditor value="<p>只读正文</p>" readOnly aria-label="正文" />);
    const textbox = screen.getByRole('textbox', { name: '正文' });
    expect(textbox.getAttribute('contenteditable')).toBe('false');
    expect(textbox.getAttribute('aria-readonly')).toBe('true');
    expect(textbox.textContent).toBe('只读正文');
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('button', { name: '加粗' })).toBeNull();
  });

  it('disabled: no toolbar and not editable', () => {
    render(<RichTextEditor value="<p>停用</p>" disabled aria-label="正文" />);
    const textbox = screen.getByRole('textbox', { name: '正文' });
    expect(textbox.getAttribute('contenteditable')).toBe('false');
    expect(textbox.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('replaces its document when the value is set from outside, but not for its own value', () => {
    const onChange = vi.fn();
    const { rerender } = render(<RichTextEditor value="" onChange={onChange} aria-label="正文" />);
    rerender(<RichTextEditor value="<p>加载的记录</p>" onChange={onChange} aria-label="正文" />);
    const textbox = screen.getByRole('textbox', { name: '正文' });
    expect(textbox.textContent).toBe('加载的记录');
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('RichText in a schema form', () => {
  const schema: JsonSchema = {
    type: 'object',
    required: ['body'],
    properties: { body: { type: 'string', title: '正文', minLength: 1, maxLength: 50000, 'x-component': 'RichText' } },
  };

  it('loads the editor lazily, names it by the field title, and writes its HTML into the form value', async () => {
    const form = createForm({ values: { body: '<p>原文</p>' } });
    render(<SchemaForm form={form} schema={schema} locale="zh-CN" />);
    const textbox = await screen.findByRole('textbox', { name: '正文' });
    expect(textbox.textContent).toBe('原文');
    act(() => {
      editorOf(textbox).commands.setContent('<h3>标题</h3><p>新的正文</p>', { emitUpdate: true });
    });
    expect(form.values['body']).toBe('<h3>标题</h3><p>新的正文</p>');
  });

  it('shows the value through SafeHtml when the field is read pretty, without the editor', async () => {
    const form = createForm({ values: { body: '<p>已发布的<strong>正文</strong></p>' }, readPretty: true });
    const { container } = render(<SchemaForm form={form} schema={schema} locale="zh-CN" />);
    await waitFor(() => expect(container.querySelector('.kc-rich-text strong')?.textContent).toBe('正文'));
    expect(container.querySelector('.kc-rich-text')?.textContent).toBe('已发布的正文');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
