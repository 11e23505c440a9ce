import type { RecordView } from '../../../shared/generated/record-view';
import { publicFilePath } from '../../../shared/api/endpoints';
import type { Locale } from '../../../shared/i18n/locale';
import { localizedTitle } from '../../../shared/i18n/localized-title';
import { columnKind } from '../../../shared/resource/list-fields';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { isRichTextNode } from '../../../shared/schema/rich-text-fields';
import { formatFileSize } from '../../../shared/rules/format-file-size';
import type { DictOptions } from '../dict-option';
import { RecordValue } from '../record-value';
import type { LoadedDefinition } from '../use-resource-definition';
import { publicLayoutTexts } from './public-layout-texts';
import { imagesOf } from '../../../shared/resource/record-images';

/** A field read as a section of its own (a long or rich text, rows, a group, files), not as a short fact. */
export function isSectionField(node: JsonSchema): boolean {
  return (
    node['x-component'] === 'Input.TextArea' ||
    node['x-component'] === 'Upload' ||
    isRichTextNode(node) ||
    node.type === 'array' ||
    node.type === 'object'
  );
}

/** Files by name and size, each a download through the public file route (the record is public). */
function FileLinks({ value, locale }: { value: unknown; locale: Locale }) {
  const texts = publicLayoutTexts(locale);
  return (
    <ul className="kc-article-files">
      {imagesOf(value).map((file) => (
        <li key={file.id}>
          <a href={publicFilePath(file.id)} download={file.name} aria-label={texts.downloadFile(file.name)}>
            {file.name}
          </a>
          {typeof file.size === 'number' && <span> （{formatFileSize(file.size)}）</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The body of an article: each long field a section under its title, in x-order — texts as paragraphs,
 * rich text sanitised, rows as a table, files by name with their download. Only the fields the reader
 * received are there (visitors get visitors.fields alone).
 */
export function ArticleBody({
  fields,
  record,
  definition,
  dictOptions,
  locale,
}: {
  fields: readonly [string, JsonSchema][];
  record: RecordView;
  definition: LoadedDefinition;
  dictOptions: DictOptions;
  locale: Locale;
}) {
  return (
    <>
      {fields.map(([field, node]) => {
        const value = record.data[field];
        if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
        const kind = columnKind(field, node);
        return (
          <section key={field} className="kc-article-section">
            <h3>{localizedTitle(node, locale) ?? field}</h3>
            {kind === 'files' ? (
              <FileLinks value={value} locale={locale} />
            ) : typeof value === 'string' && !isRichTextNode(node) ? (
              <p className="kc-article-text">{value}</p>
            ) : (
              <RecordValue kind={kind} value={value} node={node} dictOptions={dictOptions} workflow={definition.workflow} locale={locale} />
            )}
          </section>
        );
      })}
    </>
  );
}
