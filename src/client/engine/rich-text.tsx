import { connect, mapReadPretty } from '@formily/react';
import { Suspense } from 'react';
import { lazyWithTimeout } from '../chunk/lazy-with-timeout';
import { SafeHtml } from '../components/safe-html';
import { useLocale } from '../i18n/locale-store';
import { engineTexts } from './engine-texts';
import type { RichTextEditorProps } from './rich-text-editor';

// tiptap and ProseMirror load with the first RichText field shown, never with the main bundle; a
// chunk that fails or times out shows the load error with 重试 in the field's place (spec §9).
const RichTextEditor = lazyWithTimeout<RichTextEditorProps>(() => import('./rich-text-editor'));

const LOADING_STYLE = { minHeight: 192, border: '1px solid #d9d9d9', borderRadius: 6, background: 'rgba(0, 0, 0, 0.02)' } as const;

function LazyRichTextEditor(props: RichTextEditorProps) {
  const texts = engineTexts(useLocale());
  return (
    // Styled inline: the editor's stylesheet arrives with its chunk, after this placeholder is shown.
    <Suspense
      fallback={
        <div className="kc-rich-text-loading" role="status" aria-busy="true" aria-label={texts.richTextLoading} style={LOADING_STYLE} />
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** A rich text field read only (Formily's readPretty): the sanitised HTML, like the record's detail page. */
function RichTextPreview({ value }: { value?: string }) {
  return value ? <SafeHtml html={value} /> : <>-</>;
}

/** The `RichText` widget of the component registry: the lazily loaded editor, its HTML shown through SafeHtml when read pretty. */
export const RichText = connect(LazyRichTextEditor, mapReadPretty(RichTextPreview));
