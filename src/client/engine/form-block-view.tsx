import type { ISchema } from '@formily/react';
import { Button } from 'antd';
import { memo, startTransition, useEffect, useMemo, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import { engineTexts } from './engine-texts';
import { FormBlockContext, type FormBlockPlace } from './form-block-context';
import type { FormBlock } from './form-blocks';
import type { FormWindow } from './form-window';
import './form-blocks.css';

export interface FormBlockViewProps {
  block: FormBlock;
  formWindow: FormWindow;
  locale: Locale;
  /** Renders the block's fields (a SchemaField at the form's base path). */
  render: (schema: ISchema) => ReactNode;
}

// A block starts mounting when it comes within a screen of the viewport, so scrolling meets fields,
// not a gap.
const NEAR = '100% 0px 100% 0px';

/**
 * One block of a long form: its fields once mounted, until then a placeholder of about their height.
 * The placeholder mounts the block when it nears the viewport; its button is the keyboard's way in
 * (Tab reaches it after the last mounted field, and it hands the cursor to the block's first field,
 * or to its last one when coming back with Shift+Tab).
 */
export const FormBlockView = memo(function FormBlockView({ block, formWindow, locale, render }: FormBlockViewProps) {
  const [mounted, setMounted] = useState(() => formWindow.isMounted(block.index));
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const follow = (): void => {
      if (!formWindow.isMounted(block.index)) return;
      // Scrolled near: React renders the block as a transition, yielding to the browser every few
      // milliseconds, so the scroll goes on while a block of fields (or a table) is built. Asked for
      // by a jump, the keyboard or printing: at once (inside printing's flushSync, synchronously).
      if (formWindow.isUrgent(block.index)) setMounted(true);
      else startTransition(() => setMounted(true));
    };
    follow();
    return formWindow.subscribeMounts(follow);
  }, [formWindow, block.index]);

  useEffect(() => {
    const element = placeholder.current;
    if (mounted || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void formWindow.mount(block.index, 'soon');
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [mounted, formWindow, block.index]);

  useEffect(() => {
    if (mounted) formWindow.blockMounted(block.index);
  }, [mounted, formWindow, block.index]);

  // The fields are rendered once per block: a re-render of the page above (a save indicator, a
  // submit spinner) must not walk hundreds of fields again.
  const place = useMemo((): FormBlockPlace => ({ formWindow, index: block.index }), [formWindow, block.index]);
  const fields = useMemo(
    () => (mounted ? <FormBlockContext.Provider value={place}>{render(block.schema)}</FormBlockContext.Provider> : null),
    [mounted, render, block.schema, place],
  );
  const keys = block.keys.join(' ');
  if (mounted) {
    return (
      <div
        className="kc-form-block kc-form-block-mounted"
        data-kc-block={block.index}
        data-kc-keys={keys}
        data-kc-state="mounted"
        style={{ containIntrinsicSize: `auto ${block.estimatedHeight}px` }}
      >
        {fields}
      </div>
    );
  }
  const texts = engineTexts(locale);
  const enter = (event: FocusEvent<HTMLElement>): void => {
    // Coming from a control after this block (Shift+Tab): land on the block's last control.
    const from = event.relatedTarget;
    const backwards = from instanceof Node && (event.currentTarget.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    void formWindow.focusIn(block.index, backwards ? 'last' : 'first');
  };
  return (
    <div
      ref={placeholder}
      className="kc-form-block kc-form-block-pending"
      data-kc-block={block.index}
      data-kc-keys={keys}
      data-kc-state="pending"
      data-kc-controls={block.controls}
      style={{ minHeight: block.estimatedHeight }}
    >
      <Button type="link" className="kc-form-block-load" onFocus={enter} onClick={() => void formWindow.focusIn(block.index, 'first')}>
        {texts.loadFields(block.keys.length)}
      </Button>
    </div>
  );
});
