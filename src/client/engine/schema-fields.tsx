import { FormLayout, PreviewText } from '@formily/antd-v5';
import { createSchemaField, ObjectField, useForm, type ISchema } from '@formily/react';
import { Spin } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Locale } from '../../shared/i18n/locale';
import type { JsonSchema } from '../../shared/schema/json-schema';
import { compileSchema } from './compile-schema';
import { componentRegistry } from './component-registry';
import { useDictionaries } from './use-dictionaries';
import { setUpEngine } from './engine-setup';
import { getLocale } from '../i18n/locale-store';
import { FormBlockView } from './form-block-view';
import { splitIntoBlocks, type FormBlocks } from './form-blocks';
import { FormErrorSummary } from './form-error-summary';
import { FormWindow, registerWindow, verdictCovers } from './form-window';
import { useSchemaComponents } from './use-schema-components';
import { engineTexts } from './engine-texts';
import { loadSchemaComponents } from './load-schema-components';
import { holdsTable, LongFormStylePrimer } from './long-form-style-primer';

// The engine sets itself up where it renders, not at the app's start: pages without a form (the
// home page) then load no Formily at all (issue 12's budget).
setUpEngine(getLocale());

const SchemaField = createSchemaField({ components: componentRegistry });

export interface SchemaFieldsProps {
  /** The canonical schema (draft-07 + x-*). */
  schema: JsonSchema;
  locale: Locale;
  layout?: 'vertical' | 'horizontal';
  /** Where a Captcha field's image comes from; required when the schema has one. */
  captchaEndpoint?: string | undefined;
  /** Adjusts the compiled Formily schema before it renders (a step nests it under its key). Keep it stable (useCallback). */
  transform?: ((compiled: ISchema) => ISchema) | undefined;
  /** Called once the fields exist in the form (Formily creates them while rendering). */
  onReady?: (() => void) | undefined;
}

/** The host's plain wrappers around the fields (a step's key), as nested object fields. */
function Nested({ path, children }: { path: string; children: ReactNode }) {
  if (path === '') return <>{children}</>;
  return path.split('.').reduceRight<ReactNode>((inner, key) => <ObjectField name={key}>{inner}</ObjectField>, children);
}

/**
 * The one field shell of every schema form (SchemaForm, the record form, each step of an
 * application): loads the schema's dictionaries, compiles it (throwing on anything it cannot render,
 * for the nearest error boundary) and renders the fields inside the FormProvider above it.
 *
 * A long form (form-blocks.ts) renders in blocks: the first at once, each other as it nears the
 * viewport, with its window (form-window.ts) judging, holding and revealing the fields not yet
 * mounted, and listing a refused submit's errors above the form. Printing mounts every block.
 */
export function SchemaFields({ schema, locale, layout = 'vertical', captchaEndpoint, transform, onReady }: SchemaFieldsProps) {
  // A language switch re-renders the form: Formily's own messages follow it.
  setUpEngine(locale);
  const form = useForm();
  const dictOptions = useDictionaries(schema, locale);
  // The widgets a schema names do not depend on its dictionaries' options: their chunks load side by
  // side with the dictionaries, not after them. A failure here is reported by useSchemaComponents.
  useEffect(() => {
    try {
      loadSchemaComponents(compileSchema(schema, { locale, ...(captchaEndpoint ? { captchaEndpoint } : {}) })).catch(() => undefined);
    } catch {
      // The real compile below throws the same error, to the error boundary.
    }
  }, [schema, locale, captchaEndpoint]);
  const compiled = useMemo((): ISchema | undefined => {
    if (!dictOptions) return undefined;
    const plain = compileSchema(schema, { locale, dictOptions, ...(captchaEndpoint ? { captchaEndpoint } : {}) });
    return transform ? transform(plain) : plain;
  }, [schema, locale, dictOptions, captchaEndpoint, transform]);

  // Widgets load with the first schema that names them (load-schema-components.ts).
  const componentsReady = useSchemaComponents(compiled);

  const formWindow = useMemo((): FormWindow | undefined => {
    if (!compiled) return undefined;
    const rowsOf = (path: string): number => {
      const rows: unknown = form.getValuesIn(path);
      return Array.isArray(rows) ? rows.length : 0;
    };
    // A schema the verdict cannot judge is never windowed: its unmounted fields could not be checked.
    const blocks: FormBlocks = splitIntoBlocks(
      compiled,
      verdictCovers(schema, locale) ? { rowsOf } : { rowsOf, windowFrom: Number.POSITIVE_INFINITY },
    );
    return new FormWindow(form, blocks, schema, locale);
  }, [compiled, form, schema, locale]);

  // Before any effect below (onReady places errors through the window).
  useLayoutEffect(() => (formWindow ? registerWindow(formWindow) : undefined), [formWindow]);

  useEffect(() => {
    if (!formWindow?.blocks.windowed) return undefined;
    // The printout is the whole form: the browser prints right after this event, so mount now.
    const mountAll = (): void => flushSync(() => formWindow.mountAll());
    window.addEventListener('beforeprint', mountAll);
    return () => window.removeEventListener('beforeprint', mountAll);
  }, [formWindow]);

  useEffect(() => {
    if (compiled && componentsReady) onReady?.();
  }, [compiled, componentsReady, onReady]);

  const table = useMemo(() => compiled !== undefined && holdsTable(compiled), [compiled]);
  const render = useCallback((block: ISchema) => <SchemaField schema={block} />, []);
  const container = useCallback((element: HTMLDivElement | null) => formWindow?.setContainer(element), [formWindow]);

  // The tree is rebuilt only when what it shows changes. A host re-renders for its own state (a step
  // form's save indicator, a submit's spinner, a new onReady): Formily's FormLayout gives its context a
  // new object on every render, and every FormItem of the form (a thousand in a long one) reads it, so
  // re-rendering it from here re-rendered them all (issue 33: the step form's keystrokes and submit).
  return useMemo(() => {
    if (!compiled || !formWindow || !componentsReady) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
    // A read-only view's empty value says so in the page's language (Formily's own placeholder is "N/A").
    return (
      <PreviewText.Placeholder value={engineTexts(locale).emptyValue}>
        <FormLayout layout={layout}>
          {formWindow.blocks.windowed && <FormErrorSummary formWindow={formWindow} locale={locale} />}
          {formWindow.blocks.windowed && <LongFormStylePrimer table={table} />}
          <Nested path={formWindow.blocks.basePath}>
            <div ref={container} className="kc-form-blocks">
              {formWindow.blocks.blocks.map((block) => (
                <FormBlockView key={block.index} block={block} formWindow={formWindow} locale={locale} render={render} />
              ))}
            </div>
          </Nested>
        </FormLayout>
      </PreviewText.Placeholder>
    );
  }, [compiled, formWindow, componentsReady, locale, layout, table, render, container]);
}
