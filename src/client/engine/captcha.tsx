import { useField, useFormEffects } from '@formily/react';
import { Input, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { fetchCaptchaImage } from '../api/captcha-api';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { onServerRejected } from './server-rejected';
import type { TextWidgetProps } from './text-widget-props';

export interface CaptchaProps extends TextWidgetProps {
  /** Where the image comes from: set by compileSchema from the form host's captchaEndpoint. */
  endpoint: string;
}

/**
 * A text input with the server's captcha image beside it. The image loads when the widget mounts,
 * reloads on a click, and reloads (clearing the answer) whenever the server turns the form down:
 * each captcha is single-use on the server.
 */
export function Captcha({ value, onChange, onBlur, onFocus, placeholder, disabled, readOnly, endpoint }: CaptchaProps) {
  const texts = textsFor(useLocale());
  const field = useField();
  const [image, setImage] = useState<string>();
  const [loading, setLoading] = useState(false);
  // Only the newest request may set the image; a slow earlier one must not overwrite it.
  const requestId = useRef(0);

  const refresh = useCallback(async () => {
    const id = ++requestId.current;
    setLoading(true);
    try {
      const next = await fetchCaptchaImage(endpoint);
      if (id === requestId.current) setImage(next);
    } catch {
      // The HTTP client has already shown the error; the image stays clickable for a retry.
      if (id === requestId.current) setImage(undefined);
    } finally {
      if (id === requestId.current) setLoading(false);
    }
  }, [endpoint]);

  useEffect(() => {
    void refresh();
    return () => {
      requestId.current += 1;
    };
  }, [refresh]);

  useFormEffects(() => {
    onServerRejected(() => {
      // setValue, not onChange: clearing must not re-validate and hide the server's message.
      if (field && 'setValue' in field) field.setValue(undefined);
      void refresh();
    });
  });

  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Input
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange?.(event.target.value)}
        onBlur={onBlur}
        onFocus={onFocus}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readOnly}
        autoComplete="off"
        style={{ flex: 1 }}
      />
      <button
        type="button"
        className="kc-captcha-image"
        onClick={() => void refresh()}
        title={texts.captchaRefresh}
        aria-label={texts.captchaRefresh}
        disabled={disabled}
        style={{
          width: 120,
          height: 40,
          padding: 0,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          background: '#fff',
          cursor: 'pointer',
          flex: 'none',
        }}
      >
        {loading && !image ? (
          <Spin size="small" />
        ) : image ? (
          <img src={image} alt={texts.captchaAlt} style={{ width: '100%', height: '100%', display: 'block' }} />
        ) : (
          texts.captchaReload
        )}
      </button>
    </div>
  );
}
