import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RecordView } from '../../../shared/generated/record-view';
import { dataProvider } from '../../api/data-provider';
import { useLocale } from '../../i18n/locale-store';
import { publicLayoutTexts } from './public-layout-texts';
import { textOf } from './record-facts';

const SHOWN = 4;

/**
 * Up to four other public records sharing a value with this one (the same kind of event, the same field
 * of technology), from a list for visitors filtered by it. Nothing at all when there are none or the
 * list cannot be read: it is a suggestion, not the page's content.
 */
export function RelatedRecords({
  resource,
  list,
  by,
  value,
  exclude,
  titleField,
  hrefOf,
}: {
  resource: string;
  list: string;
  by: string;
  value: string;
  exclude: string;
  titleField: string;
  hrefOf: (id: string) => string;
}) {
  const texts = publicLayoutTexts(useLocale());
  const [records, setRecords] = useState<RecordView[]>([]);
  useEffect(() => {
    let current = true;
    dataProvider
      .getList(resource, list, { [by]: value, pageNo: 1, pageSize: SHOWN + 1 })
      .then((page) => {
        if (current) setRecords(page.records.filter((record) => record.id !== exclude).slice(0, SHOWN));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [resource, list, by, value, exclude]);
  if (records.length === 0) return null;
  return (
    <section className="kc-article-related" aria-label={texts.related}>
      <h3>{texts.related}</h3>
      <ul className="kc-related-lines">
        {records.map((record) => (
          <li key={record.id}>
            <Link to={hrefOf(record.id)}>{textOf(record, titleField)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
