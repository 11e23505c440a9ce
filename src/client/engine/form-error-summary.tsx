import { Alert, Button } from 'antd';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import { engineTexts } from './engine-texts';
import { fieldLabelOf } from './field-label-of';
import type { FormWindow } from './form-window';

/**
 * The refused submit's errors above a long form, each a link that brings its field on screen and
 * puts the cursor in it, mounted or not (the GOV.UK error-summary pattern). On a long form the
 * fields in error can be screens apart or not mounted at all, so they are listed where the applicant
 * is taken: the summary is scrolled to and focused when it appears.
 */
export function FormErrorSummary({ formWindow, locale }: { formWindow: FormWindow; locale: Locale }) {
  useSyncExternalStore(formWindow.subscribe, formWindow.getVersion);
  const errors = formWindow.summary;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length === 0) return;
    box.current?.scrollIntoView?.({ block: 'start' });
    box.current?.focus({ preventScroll: true });
  }, [errors]);
  if (errors.length === 0) return null;
  const texts = engineTexts(locale);
  return (
    <div ref={box} tabIndex={-1} className="kc-error-summary" style={{ marginBottom: 24 }}>
      <Alert
        type="error"
        showIcon
        message={texts.errorSummary(errors.length)}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {errors.map((error, index) => (
              <li key={`${error.path}:${error.keyword}:${index}`} className="kc-error-summary-item">
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                  onClick={() => void formWindow.reveal(error.path)}
                >
                  {fieldLabelOf(formWindow.schema, formWindow.schemaPath(error.path), locale) || error.path}
                </Button>
                {locale === 'zh-CN' ? '：' : ': '}
                {error.message}
              </li>
            ))}
          </ul>
        }
      />
    </div>
  );
}
