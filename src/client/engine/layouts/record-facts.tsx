import type { RecordView } from '../../../shared/generated/record-view';
import type { Locale } from '../../../shared/i18n/locale';
import { columnKind, fieldTitle, recordProperty } from '../../../shared/resource/list-fields';
import type { DictOptions } from '../dict-option';
import type { LoadedDefinition } from '../use-resource-definition';
import { FactValue } from './fact-value';

/** A record's key facts, each under its field's title (类型 / 所在区 / 在孵企业), as a description list. */
export function RecordFacts({
  fields,
  record,
  definition,
  dictOptions,
  locale,
  className = 'kc-facts',
}: {
  fields: readonly string[];
  record: RecordView;
  definition: LoadedDefinition;
  dictOptions: DictOptions;
  locale: Locale;
  className?: string;
}) {
  const shown = fields.filter((field) => record.data[field] !== undefined && record.data[field] !== null && record.data[field] !== '');
  if (shown.length === 0) return null;
  return (
    <dl className={className}>
      {shown.map((field) => {
        const node = recordProperty(definition.record, field);
        return (
          <div key={field}>
            <dt>{fieldTitle(definition.record, field, locale)}</dt>
            <dd>
              <FactValue
                kind={columnKind(field, node)}
                value={record.data[field]}
                node={node}
                dictOptions={dictOptions}
                workflow={definition.workflow}
                locale={locale}
              />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A record's text field as plain text (a title, a summary): empty when it holds none. */
export function textOf(record: RecordView, field: string | undefined): string {
  const value = field === undefined ? undefined : record.data[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
