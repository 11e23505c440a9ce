/** What Formily hands a text widget of the engine's own (Captcha, AutoComplete), beside its own settings. */
export interface TextWidgetProps {
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
}
