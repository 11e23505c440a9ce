import { useField } from '@formily/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fillTemplate } from '../../shared/i18n/fill-template';
import { isAllowedLinkUrl, LINK_REL, LINK_TARGET } from '../../shared/html/rich-text-allowlist';
import { useLocale } from '../i18n/locale-store';
import { engineTexts, type EngineTexts } from './engine-texts';
import type { TextWidgetProps } from './text-widget-props';
import './rich-text-editor.css';

export interface RichTextEditorProps extends TextWidgetProps {
  /** The editable area's accessible name; the Formily field's title when not given. */
  'aria-label'?: string;
}

/** A link typed into the toolbar's dialog: an absolute http(s) URL, nothing else (SECURITY R22). */
export function isToolbarLinkUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim()) && isAllowedLinkUrl(url);
}

// The editor's schema is a subset of the allowlist (src/shared/html/rich-text-allowlist.ts), so what
// it produces survives the server's sanitiser; anything pasted outside that schema is dropped.
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      HTMLAttributes: { target: LINK_TARGET, rel: LINK_REL, class: null },
      isAllowedUri: (url) => isAllowedLinkUrl(url),
    },
  }),
];

/** The field's value for the editor's document: the empty string for an empty document, so required rules see it as not filled in. */
function valueOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      type={active ? 'primary' : 'text'}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      title={label}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {/* A name must contain the visible text (axe label-content-name-mismatch): letter glyphs are named in the label. */}
      <span aria-hidden="true">{children}</span>
    </Button>
  );
}

function Toolbar({ editor, texts, label, onLink }: { editor: Editor; texts: EngineTexts; label: string | undefined; onLink: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="kc-rich-text-toolbar" role="toolbar" aria-label={fillTemplate(texts.richTextToolbar, { title: label ?? '' })}>
      <ToolButton label={texts.richTextBold} active={state.bold} disabled={false} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </ToolButton>
      <ToolButton label={texts.richTextItalic} active={state.italic} disabled={false} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </ToolButton>
      <ToolButton
        label={`${texts.richTextHeading} H3`}
        active={state.heading}
        disabled={false}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </ToolButton>
      <ToolButton
        label={texts.richTextBulletList}
        active={state.bulletList}
        disabled={false}
        onClick={() => chain().toggleBulletList().run()}
      >
        •
      </ToolButton>
      <ToolButton
        label={`${texts.richTextOrderedList} 1.`}
        active={state.orderedList}
        disabled={false}
        onClick={() => chain().toggleOrderedList().run()}
      >
        1.
      </ToolButton>
      <ToolButton label={texts.richTextLink} active={state.link} disabled={false} onClick={onLink}>
        🔗
      </ToolButton>
      <ToolButton label={texts.richTextUndo} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        ↶
      </ToolButton>
      <ToolButton label={texts.richTextRedo} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        ↷
      </ToolButton>
    </div>
  );
}

/** The toolbar's link dialog: an http(s) address sets the link on the selection, an empty one removes it. */
function LinkDialog({ editor, texts, open, onClose }: { editor: Editor; texts: EngineTexts; open: boolean; onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (!open) return;
    const current: unknown = editor.getAttributes('link')['href'];
    setUrl(typeof current === 'string' ? current : '');
    setInvalid(false);
  }, [open, editor]);

  const apply = () => {
    const trimmed = url.trim();
    if (trimmed === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onClose();
      return;
    }
    if (!isToolbarLinkUrl(trimmed)) {
      setInvalid(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: trimmed }).run();
    onClose();
  };

  return (
    <Modal open={open} title={texts.richTextLink} onOk={apply} onCancel={onClose} destroyOnHidden>
      <Input
        autoFocus
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setInvalid(false);
        }}
        onPressEnter={apply}
        placeholder="https://"
        aria-label={texts.richTextLinkPrompt}
        aria-invalid={invalid}
        status={invalid ? 'error' : undefined}
      />
      <Typography.Text type={invalid ? 'danger' : 'secondary'} role={invalid ? 'alert' : undefined}>
        {invalid ? texts.richTextLinkInvalid : texts.richTextLinkPrompt}
      </Typography.Text>
    </Modal>
  );
}

/**
 * The RichText widget's editor (tiptap): its value in and out is the HTML string, which the server
 * sanitises before storing and SafeHtml sanitises again when showing it. No CSS is injected (the
 * CSP); the editor's styles come from rich-text-editor.css. Loaded lazily (rich-text.tsx), so tiptap
 * is only in the chunk of pages that render a RichText field.
 */
export function RichTextEditor({
  value,
  onChange,
  onBlur,
  onFocus,
  placeholder,
  disabled,
  readOnly,
  'aria-label': ariaLabel,
}: RichTextEditorProps) {
  const texts = engineTexts(useLocale());
  const field = useField();
  const title: unknown = field?.title;
  const label = ariaLabel ?? (typeof title === 'string' ? title : undefined);
  const editable = !disabled && !readOnly;
  const [linkOpen, setLinkOpen] = useState(false);
  // The HTML last handed to onChange (or last set from the value): a value equal to it is this
  // editor's own, and must not reset the document (and the cursor) while the user types.
  const lastValue = useRef(value ?? '');
  const initialContent = useRef(value ?? '');
  const callbacks = useRef({ onChange, onBlur, onFocus });
  callbacks.current = { onChange, onBlur, onFocus };

  const attributes = useMemo(() => {
    const own: Record<string, string> = { role: 'textbox', 'aria-multiline': 'true', class: 'kc-rich-text-content' };
    if (label) own['aria-label'] = label;
    if (placeholder) own['aria-placeholder'] = placeholder;
    if (!editable) own['aria-readonly'] = 'true';
    if (disabled) own['aria-disabled'] = 'true';
    return own;
  }, [label, placeholder, editable, disabled]);
  const editorProps = useMemo(() => ({ attributes }), [attributes]);

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent.current,
    editable,
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const next = valueOf(current);
      if (next === lastValue.current) return;
      lastValue.current = next;
      callbacks.current.onChange?.(next);
    },
    onFocus: () => callbacks.current.onFocus?.(),
    onBlur: () => callbacks.current.onBlur?.(),
  });

  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  // A value set from outside (a record loaded after the form opened, a reset) replaces the document.
  useEffect(() => {
    const incoming = value ?? '';
    if (!editor || editor.isDestroyed || incoming === lastValue.current) return;
    lastValue.current = incoming;
    if (incoming !== valueOf(editor)) editor.commands.setContent(incoming, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div
      className={`kc-rich-text-editor${editable ? '' : ' kc-rich-text-editor-readonly'}${disabled ? ' kc-rich-text-editor-disabled' : ''}`}
    >
      {editable && editor && <Toolbar editor={editor} texts={texts} label={label} onLink={() => setLinkOpen(true)} />}
      <EditorContent editor={editor} />
      {editable && editor && <LinkDialog editor={editor} texts={texts} open={linkOpen} onClose={() => setLinkOpen(false)} />}
    </div>
  );
}

export default RichTextEditor;
