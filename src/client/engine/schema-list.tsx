import { App, Button, Card, Form, Input, Result, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Page } from '../../shared/api/envelope';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { RecordView } from '../../shared/generated/record-view';
import { listColumns, listFilters, recordProperty } from '../../shared/resource/list-fields';
import { fillRowHref, resourceDetailHref, resourceEditHref } from '../../shared/resource/resource-links';
import { stateTitle } from '../../shared/resource/workflow-rules';
import { dataProvider } from '../api/data-provider';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { usePagedList } from '../hooks/use-paged-list';
import { createHrefOf } from './create-href-of';
import { useResourcePages } from './use-resource-pages';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { registerPageTitle } from '../hooks/page-title-store';
import { confirmDeleteRecord } from './confirm-delete-record';
import { engineTexts } from './engine-texts';
import { excelApi } from './excel-api';
import { addressFilterValues, typedFilterValues, type FilterValues } from './list-filter-values';
import { ExcelImportDialog } from './excel-import-dialog';
import { PublicList } from './layouts/public-list';
import { RecordValue } from './record-value';
import { TransitionButton } from './transition-button';
import { useDictionaries } from './use-dictionaries';
import { listTitle, useResourceDefinition, type LoadedDefinition } from './use-resource-definition';

type Filters = FilterValues;
interface Sort {
  field: string;
  order: 'ascend' | 'descend';
}

/** A page's own title in both languages (resource.json pages title). */
export type PageTitles = Readonly<Record<'zh-CN' | 'en-US', string>>;

function SchemaListTable({
  resource,
  listName,
  definition,
  can,
  fixed,
  embedded,
  pageTitle,
}: {
  resource: string;
  listName: string;
  definition: LoadedDefinition;
  can: (check: string) => boolean;
  fixed: Readonly<Record<string, string>> | undefined;
  embedded: boolean;
  pageTitle: PageTitles | undefined;
}) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const engine = engineTexts(locale);
  const { modal, message } = App.useApp();
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
  const tableColumns: ColumnsType<RecordView> = columns.map((column) => ({
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
          node={recordProperty(definition.record, column.field)}
          dictOptions={dictOptions}
          workflow={definition.workflow}
          locale={locale}
        />
      );
      return column.link ? <Link to={linkTo('detail', record)}>{shown}</Link> : shown;
    },
  }));
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
        <Form
          form={filterForm}
          layout="inline"
          className="kc-list-filters"
          onFinish={search}
          initialValues={Object.fromEntries(
            Object.entries(initialFilters).map(([field, value]) => [field, typeof value === 'string' ? value : String(value)]),
          )}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          {filterFields.map((filter) => (
            <Form.Item key={filter.field} name={filter.field} label={filter.title}>
              {filter.field !== 'status' && filter.type === 'string' && !filter.dict && !filter.options ? (
                <Input allowClear maxLength={100} style={{ width: 180 }} />
              ) : (
                <Select
                  allowClear
                  aria-label={filter.title}
                  style={{ width: 160 }}
                  options={
                    filter.field === 'status'
                      ? (filter.options ?? []).map((state) => ({
                          value: String(state),
                          label: stateTitle(definition.workflow, String(state), locale),
                        }))
                      : filter.dict
                        ? (dictOptions[filter.dict] ?? []).map((option) => ({ value: option.value, label: option.label }))
                        : filter.type === 'boolean'
                          ? [
                              { value: 'true', label: texts.yes },
                              { value: 'false', label: texts.no },
                            ]
                          : (filter.options ?? []).map((option) => ({ value: String(option), label: String(option) }))
                  }
                />
              )}
            </Form.Item>
          ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {texts.search}
              </Button>
              <Button
                onClick={() => {
                  filterForm.resetFields();
                  search({});
                }}
              >
                {texts.resetFilters}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      {failed && <LoadFailedAlert onRetry={() => void reload()} />}
      <Table<RecordView>
        className={`kc-schema-list kc-list-${resource}-${listName}`}
        rowKey="id"
        loading={loading}
        columns={tableColumns}
        dataSource={page?.records ?? []}
        locale={{ emptyText: (locale === 'en-US' ? list.locale?.['en-US']?.emptyText : list.emptyText) ?? texts.noRecords }}
        onChange={onTableChange}
        pagination={{ current: pageNo, pageSize, total: page?.total ?? 0, showSizeChanger: false }}
      />
    </Card>
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
  if (failed)
    return (
      <Card>
        <LoadFailedAlert onRetry={retry} />
      </Card>
    );
  if (!definition) return <Card loading />;
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
    <SchemaListTable
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
    <SchemaListTable
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
