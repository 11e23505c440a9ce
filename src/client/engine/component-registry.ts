import { ArrayCards, ArrayTable, Checkbox, DatePicker, FormItem, Input, NumberPicker, Password, Radio, Select, Switch } from '@formily/antd-v5';
import { AttachmentUpload } from './attachment-upload';
import { Captcha } from './captcha';
import { RichText } from './rich-text';
import { SuggestInput } from './suggest-input';

/**
 * The widgets a schema can name. Formily resolves dotted names ('Input.TextArea', 'Radio.Group',
 * 'ArrayTable.Column') through these objects; COMPONENT_NAMES lists every name, and a unit test
 * proves each resolves. Only these components are imported, so the bundle carries no unused
 * Formily widgets. `Upload` is the engine's own widget, not Formily's: its value is the server's
 * file references, and it uploads through the app's HTTP client. `AutoComplete` is the engine's too: its suggestions come
 * from a resource list (x-suggest). `RichText` edits HTML with tiptap, loaded lazily (rich-text.tsx).
 */
export const componentRegistry = {
  FormItem,
  Input,
  Password,
  Select,
  Radio,
  Checkbox,
  Switch,
  NumberPicker,
  DatePicker,
  Captcha,
  ArrayTable,
  ArrayCards,
  Upload: AttachmentUpload,
  AutoComplete: SuggestInput,
  RichText,
};

/** The registered component behind a (possibly dotted) name, or undefined. */
export function lookupComponent(name: string): unknown {
  let current: unknown = componentRegistry;
  for (const segment of name.split('.')) {
    if ((typeof current !== 'object' && typeof current !== 'function') || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
