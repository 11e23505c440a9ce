import { Suspense, useEffect } from 'react';
import { lazyWithTimeout } from '../chunk/lazy-with-timeout';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { ListCard } from './list-card';
import { PublicList } from './layouts/public-list';
import type { PageTitles } from './page-titles';
import type { SchemaListTableProps } from './schema-list-table';
import { useResourceDefinition, type LoadedDefinition } from './use-resource-definition';

export type { PageTitles } from './page-titles';

// The staff's table (antd Table, its filter Form and Selects, the import dialog, transition buttons) is a
// chunk of its own (ADR 0058): a visitor's public list draws cards or an agenda and never downloads it.
const tableModule = () => import('./schema-list-table');
const SchemaListTable = lazyWithTimeout<SchemaListTableProps>(() => tableModule().then((module) => ({ default: module.SchemaListTable })));

/** The table's place while its chunk arrives: the same card the definition's loading shows. */
function LazySchemaListTable(props: SchemaListTableProps) {
  return (
    <Suspense fallback={<ListCard loading />}>
      <SchemaListTable {...props} />
    </Suspense>
  );
}

/**
 * A list page from a list file (ADR 0010): its filters, columns with dictionary labels and state
 * tags, server-side paging and sorting (the list's allowlist), and row actions shown only where the
 * server says this user may take them on that row (permission and state together).
 */
/** `can` answers spec §6's auth check ('credit.add') for the 新建 of a folder whose creating needs an action; the page passes it in. */
export function SchemaList({
  resource,
  list,
  can,
  fixed,
  embedded = false,
  pageTitle,
}: {
  resource: string;
  list: string;
  can: (check: string) => boolean;
  fixed?: Readonly<Record<string, string>> | undefined;
  embedded?: boolean;
  pageTitle?: PageTitles | undefined;
}) {
  const { definition, failed, retry } = useResourceDefinition(resource);
  // Inside another page (a map's) or with fixed values a list is always a table: its chunk is asked for
  // beside the definition, not after it.
  const surelyTable = embedded || fixed !== undefined;
  useEffect(() => {
    if (surelyTable) void tableModule().catch(() => undefined);
  }, [surelyTable]);
  if (failed)
    return (
      <ListCard>
        <LoadFailedAlert onRetry={retry} />
      </ListCard>
    );
  if (!definition) return <ListCard loading />;
  // A list for visitors in its own presentation (cards, agenda…); inside another page (a map's) it stays a table.
  const file = definition.lists[list];
  if (file?.layout && !embedded && !fixed)
    return (
      <PublicList
        resource={resource}
        listName={list}
        list={file}
        layout={file.layout}
        definition={definition}
        pageTitle={pageTitle}
        key={`${resource}/${list}`}
      />
    );
  return (
    <LazySchemaListTable
      resource={resource}
      listName={list}
      definition={definition}
      can={can}
      fixed={fixed}
      embedded={embedded}
      pageTitle={pageTitle}
      key={`${resource}/${list}`}
    />
  );
}

/** A list from a definition the caller holds (the schema studio's candidate), with the live list's records: a candidate may change only how they are shown. */
export function SchemaListOf({
  resource,
  list,
  definition,
  can,
}: {
  resource: string;
  list: string;
  definition: LoadedDefinition;
  can: (check: string) => boolean;
}) {
  return (
    <LazySchemaListTable
      resource={resource}
      listName={list}
      definition={definition}
      can={can}
      fixed={undefined}
      embedded
      pageTitle={undefined}
      key={`${resource}/${list}`}
    />
  );
}
