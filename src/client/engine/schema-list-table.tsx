import { Button, Card, Form, Result, Space, Table, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Page } from '../../shared/api/envelope';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { RecordView } from '../../shared/generated/record-view';
import { listColumns, listFilters, recordProperty } from '../../shared/resource/list-fields';
import { fillRowHref, resourceDetailHref, resourceEditHref } from '../../shared/resource/resource-links';
import { dataProvider } from '../api/data-provider';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { registerPageTitle } from '../hooks/page-title-store';
import { usePagedList } from '../hooks/use-paged-list';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { confirmDeleteRecord } from './confirm-delete-record';
import { createHrefOf } from './create-href-of';
import { engineTexts } from './engine-texts';
import { excelApi } from './excel-api';
import { ExcelImportDialog } from './excel-import-dialog';
import { ListFilterForm } from './list-filter-form';
import { addressFilterValues, typedFilterValues, type FilterValues } from './list-filter-values';
import type { PageTitles } from './page-titles';
import { RecordValue } from './record-value';
import { TransitionButton } from './transition-button';
import { useDictionaries } from './use-dictionaries';
import { useResourcePages } from './use-resource-pages';
import { listTitle, type LoadedDefinition } from './use-resource-definition';
import { virtualTableScroll } from './virtual-table-scroll';
import { useFeedback } from '../feedback/use-feedback';

type Filters = FilterValues;
interface Sort {
  field: string;
  order: 'ascend' | 'descend';
}

export interface SchemaListTableProps {
  resource: string;
  listName: string;
  definition: LoadedDefinition;
  can: (check: string) => boolean;
  fixed: Readonly<Record<string, string>> | undefined;
  embedded: boolean;
  pageTitle: PageTitles | undefined;
}

/**
 * The staff's table of a list file (ADR 0010): its filter bar, columns with dictionary labels and state
 * tags, server-side paging and sorting, row actions, import and export. A chunk of its own (ADR 0058): a
 * visitor's public list (cards, agenda…) never downloads antd's Table, Form and Select or the import dialog.
 */
export function SchemaListTable({ resource, listName, definition, can, fixed, embedded, pageTitle }: SchemaListTableProps) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const engine = engineTexts(locale);
  const { modal, message } = useFeedback();
  const { pathname, search: address } = useLocation();
  const { pages } = useResourcePages();
  const list = definition.lists[listName];
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [filterForm] = Form.useForm<Filters>();
  // A page of its own starts from the filters its address names (the workbench's ?status=…); a list
  // inside another page or with fixed values does not read the address.
  const [initialFilters] = useState<Filters>(() =>
    list && !embedded && !fixed ? addressFilterValues(address, listFilters(list, definition.record, definition.workflow, locale)) : {},
  );
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [sort, setSort] = useState<Sort>();
  const pageSize = list?.pageSize ?? DEFAULT_PAGE_SIZE;
  const dictOptions = useDictionaries(definition.record, locale) ?? {};

  const fetchPage = useCallback(
    (pageNo: number): Promise<Page<RecordView>> =>
      dataProvider.getList(resource, listName, {
        pageNo,
        pageSize,
        ...filters,
        ...fixed,
        ...(sort ? { sortField: sort.field, sortOrder: sort.order } : {}),
      }),
    [resource, listName, pageSize, filters, fixed, sort],
  );
  const { pageNo, setPageNo, page, loading, failed, reload } = usePagedList(fetchPage);

  // A page placed by resource.json pages names itself (金融超市); otherwise the list file's title.
  const titleIn = (target: 'zh-CN' | 'en-US'): string => pageTitle?.[target] ?? (list ? listTitle(list, target) : '');
  const title = titleIn(locale);
  useEffect(() => {
    // A list inside another page (a map's) leaves the tab's title to that page.
    if (!list || embedded) return;
    registerPageTitle(pathname, { 'zh-CN': titleIn('zh-CN'), 'en-US': titleIn('en-US') });
    document.title = `${title} - ${texts.portalName}`;
    // titleIn reads only list and pageTitle.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as the comment above says
  }, [list, pathname, title, texts, embedded, pageTitle]);

  const columns = useMemo(() => (list ? listColumns(list, definition.record, locale) : []), [list, definition.record, locale]);
  // A fixed value (the map's district) is not offered as a filter as well.
  const filterFields = useMemo(
    () =>
      list ? listFilters(list, definition.record, definition.workflow, locale).filter((filter) => fixed?.[filter.field] === undefined) : [],
    [list, definition, locale, fixed],
  );
  if (!list) return <Result status="404" title="404" subTitle={texts.recordNotFound} />;

  const confirmDelete = (record: RecordView): void => confirmDeleteRecord(modal, texts, resource, record, reload);

  // A module's records (a source) have no engine detail page: they offer only what the list file names.
  const rowActions = list.rowActions ?? (definition.source === undefined ? ['detail'] : []);
  // A list file may send detail and edit elsewhere (a module's own pages), with its own words.
  const linkTo = (action: 'detail' | 'edit', record: RecordView): string => {
    const link = list.links?.[action];
    if (link) return fillRowHref(link.href, record);
    return action === 'detail' ? resourceDetailHref(resource, record.id) : resourceEditHref(resource, record.id);
  };
  const linkText = (action: 'detail' | 'edit'): string => {
    const link = list.links?.[action];
    return (locale === 'en-US' ? link?.titleEn : link?.title) ?? (action === 'detail' ? texts.view : texts.edit);
  };
  const rowAction = (action: string, record: RecordView) => {
    if (action === 'detail')
      return (
        <Link key={action} to={linkTo('detail', record)}>
          {linkText('detail')}
        </Link>
      );
    if (action === 'edit')
      return record.editable ? (
        <Link key={action} to={linkTo('edit', record)}>
          {linkText('edit')}
        </Link>
      ) : null;
    if (action === 'delete') {
      return record.editable ? (
        <Button key={action} type="link" size="small" danger style={{ padding: 0 }} onClick={() => confirmDelete(record)}>
          {texts.delete}
        </Button>
      ) : null;
    }
    if (!(record.actions ?? []).includes(action)) return null;
    return (
      <TransitionButton
        key={action}
        compact
        resource={resource}
        workflow={definition.workflow}
        name={action}
        record={record}
        locale={locale}
        onDone={() => void reload()}
        onStale={() => void reload()}
      />
    );
  };
  const tableColumns: ColumnsType<RecordView> = columns.map((column) => {
    // Read once per column, not once per cell.
    const node = recordProperty(definition.record, column.field);
    return {
      title: column.title,
      key: column.field,
      ...(column.width ? { width: column.width } : {}),
      sorter: column.sortable,
      sortOrder: sort?.field === column.field ? sort.order : null,
      render: (_: unknown, record: RecordView) => {
        const value =
          column.field === 'status'
            ? record.status
            : column.field === 'createdAt' || column.field === 'updatedAt' || column.field === 'ownerName'
              ? record[column.field]
              : record.data[column.field];
        const shown = (
          <RecordValue
            kind={column.kind}
            value={value}
            node={node}
            dictOptions={dictOptions}
            workflow={definition.workflow}
            locale={locale}
          />
        );
        return column.link ? <Link to={linkTo('detail', record)}>{shown}</Link> : shown;
      },
    };
  });
  if (rowActions.length > 0)
    tableColumns.push({
      title: texts.columnActions,
      key: 'actions',
      render: (_, record) => (
        <Space size="small" wrap>
          {rowActions.map((action) => rowAction(action, record))}
        </Space>
      ),
    });

  // A select holds text; the request carries each filter in its schema type.
  const search = (values: Filters): void => {
    setFilters(typedFilterValues(values, filterFields));
    setPageNo(1);
  };
  const onTableChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<RecordView> | SorterResult<RecordView>[],
  ): void => {
    const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof chosen?.columnKey === 'string' ? chosen.columnKey : undefined;
    const next = field && chosen?.order ? { field, order: chosen.order } : undefined;
    if (next?.field !== sort?.field || next?.order !== sort?.order) {
      setSort(next);
      setPageNo(1);
    } else if (pagination.current) {
      setPageNo(pagination.current);
    }
  };

  // 新建 on one's own lists unless the file says not; on an all list only when the file asks and the caller may create.
  const mayCreate = definition.createAction === undefined || can(`${definition.permission}.${definition.createAction}`);
  const asked =
    list.scope === 'mine' || list.scope === 'organisation'
      ? list.createButton !== false
      : list.scope === 'all' && list.createButton === true;
  const offersCreate = asked && mayCreate && definition.source === undefined;
  // Import on the staff's list of every record; export wherever the list file offers it. Each needs its own action.
  const offersImport = definition.importable === true && list.scope === 'all' && can(`${definition.permission}.import`);
  const offersExport = list.export === true && can(`${definition.permission}.export`);
  const exportList = async (): Promise<void> => {
    setExporting(true);
    try {
      await excelApi.exportList(
        resource,
        listName,
        { ...filters, ...(sort ? { sortField: sort.field, sortOrder: sort.order } : {}) },
        `${title}.xlsx`,
      );
    } catch {
      void message.error(engine.exportFailed);
    } finally {
      setExporting(false);
    }
  };
  const records = page?.records ?? [];
  // A long page (a list file's pageSize above the threshold) renders only the rows in view; a usual page of
  // 10–20 rows keeps the plain table's DOM.
  const scroll = virtualTableScroll(records.length);

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={
        (offersCreate || offersImport || offersExport) && (
          <Space>
            {offersImport && <Button onClick={() => setImporting(true)}>{engine.importButton}</Button>}
            {offersExport && (
              <Button loading={exporting} onClick={() => void exportList()}>
                {engine.exportButton}
              </Button>
            )}
            {offersCreate && (
              <Link to={createHrefOf(resource, list.where, pages?.pages)}>
                <Button type="primary">{texts.newRecord}</Button>
              </Link>
            )}
          </Space>
        )
      }
    >
      {offersImport && (
        <ExcelImportDialog
          resource={resource}
          title={title}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => void reload()}
        />
      )}
      {filterFields.length > 0 && (
        <ListFilterForm
          form={filterForm}
          filters={filterFields}
          initialValues={initialFilters}
          dictOptions={dictOptions}
          workflow={definition.workflow}
          locale={locale}
          onSearch={search}
        />
      )}
      {failed && <LoadFailedAlert onRetry={() => void reload()} />}
      <Table<RecordView>
        className={`kc-schema-list kc-list-${resource}-${listName}`}
        rowKey="id"
        loading={loading}
        columns={tableColumns}
        dataSource={records}
        locale={{ emptyText: (locale === 'en-US' ? list.locale?.['en-US']?.emptyText : list.emptyText) ?? texts.noRecords }}
        onChange={onTableChange}
        pagination={{ current: pageNo, pageSize, total: page?.total ?? 0, showSizeChanger: false }}
        {...(scroll ? { virtual: true, scroll } : {})}
      />
    </Card>
  );
}
