import { Alert, Button, Card, Descriptions, Result, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { RecordHistoryEntry } from '../../shared/generated/record-history-entry';
import { localizedTitle } from '../../shared/i18n/localized-title';
import { UNMASK_ACTION } from '../../shared/permissions/action-keys';
import { isShownMasked, maskedColumnsOf, maskedFieldsOf } from '../../shared/resource/masked-fields-of';
import { resourceEditHref } from '../../shared/resource/resource-links';
import { stateTitle, transitionTitle } from '../../shared/resource/workflow-rules';
import { LoadFailedAlert } from '../components/load-failed-alert';
import { formatDateTime } from '../i18n/format-date-time';
import { useLocale } from '../i18n/locale-store';
import { textsFor, type Texts } from '../i18n/texts';
import { registerPageTitle } from '../hooks/page-title-store';
import { confirmDeleteRecord } from './confirm-delete-record';
import { PageLinkButton, type PageLink } from './page-link-button';
import { QrCodeCard } from './qr-code-card';
import { RecordValue } from './record-value';
import { TransitionButton } from './transition-button';
import { fetchUnmaskedFields, type UnmaskedValues } from './fetch-unmasked-fields';
import { withUnmaskedValues } from './with-unmasked-values';
import { UnmaskButton } from './unmask-button';
import { useRecordDetail } from './use-record-detail';
import { useDictionaries } from './use-dictionaries';
import { resourceTitle, useResourceDefinition, type LoadedDefinition } from './use-resource-definition';
import { columnKind } from '../../shared/resource/list-fields';
import { useFeedback } from '../feedback/use-feedback';

/** A button under a record's detail (resource.json pages links): {id} and {field} filled from the record, closed outside its window. */
export type DetailLink = PageLink;

function actionName(entry: RecordHistoryEntry, definition: LoadedDefinition, texts: Texts, locale: 'zh-CN' | 'en-US'): string {
  if (entry.action === 'create') return texts.actionCreate;
  if (entry.action === 'update') return texts.actionUpdate;
  if (entry.action === 'import') return texts.actionImport;
  return transitionTitle(definition.workflow, entry.action, locale);
}

function Detail({
  resource,
  id,
  definition,
  links,
  can,
}: {
  resource: string;
  id: string;
  definition: LoadedDefinition;
  links: readonly DetailLink[] | undefined;
  can: (check: string) => boolean;
}) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const dictOptions = useDictionaries(definition.record, locale) ?? {};
  const { record, state, load } = useRecordDetail(resource, id);
  // Personal numbers shown in full after 查看完整信息 (SECURITY R35); a reloaded record is masked again.
  const [unmasked, setUnmasked] = useState<UnmaskedValues>();
  useEffect(() => setUnmasked(undefined), [record]);

  const title = resourceTitle(definition, locale);
  useEffect(() => {
    registerPageTitle(pathname + search, { 'zh-CN': resourceTitle(definition, 'zh-CN'), 'en-US': resourceTitle(definition, 'en-US') });
    document.title = `${title} - ${texts.portalName}`;
  }, [definition, pathname, search, title, texts]);

  if (state === 'missing') return <Result status="404" title="404" subTitle={texts.recordNotFound} />;
  if (state === 'failed')
    return (
      <Card>
        <LoadFailedAlert onRetry={() => void load()} />
      </Card>
    );
  if (!record) return <Card loading />;

  // A reader sent only a public record's visitor fields (shownFields) sees those, not empty rows for the rest.
  const shown = record.shownFields ? new Set(record.shownFields) : undefined;
  const fields = Object.entries(definition.record.properties ?? {})
    .filter(([field, node]) => node['x-component'] !== 'Captcha' && (shown === undefined || shown.has(field)))
    .sort(([, a], [, b]) => (a['x-order'] ?? 0) - (b['x-order'] ?? 0));

  const confirmDelete = (): void => confirmDeleteRecord(modal, texts, resource, record, () => navigate(-1));
  // Offered where a value reads masked (its owner reads it in full already) to a holder of <permission>.unmask.
  const offersUnmask =
    can(`${definition.permission}.${UNMASK_ACTION}`) &&
    (maskedFieldsOf(definition.record).some(([field, mask]) => isShownMasked(mask, record.data[field])) ||
      maskedColumnsOf(definition.record).some(([table, column, mask]) => {
        const rows = record.data[table];
        return (
          Array.isArray(rows) &&
          rows.some(
            (row: unknown) => typeof row === 'object' && row !== null && isShownMasked(mask, (row as Record<string, unknown>)[column]),
          )
        );
      }));
  const data = unmasked ? withUnmaskedValues(record.data, unmasked) : record.data;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {record.integrity === 'TAMPERED' && <Alert type="error" showIcon className="kc-record-tampered" message={texts.recordTampered} />}
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        }
        extra={
          <Space wrap className="kc-record-actions">
            {record.editable && (
              <Link to={resourceEditHref(resource, record.id)}>
                <Button>{texts.edit}</Button>
              </Link>
            )}
            {record.editable && (
              <Button danger onClick={confirmDelete}>
                {texts.delete}
              </Button>
            )}
            {(record.actions ?? []).map((action) => (
              <TransitionButton
                key={action}
                resource={resource}
                workflow={definition.workflow}
                name={action}
                record={record}
                locale={locale}
                onDone={() => void load()}
                onStale={() => void load()}
              />
            ))}
          </Space>
        }
      >
        {offersUnmask && (
          <UnmaskButton
            unmask={() => fetchUnmaskedFields(resource, record.id)}
            locale={locale}
            shown={unmasked !== undefined}
            onUnmasked={setUnmasked}
          />
        )}
        <Descriptions bordered column={{ xs: 1, md: 2 }} className="kc-record-fields" style={offersUnmask ? { marginTop: 16 } : undefined}>
          <Descriptions.Item label={texts.columnStatus}>
            <RecordValue
              kind="status"
              value={record.status}
              node={undefined}
              dictOptions={dictOptions}
              workflow={definition.workflow}
              locale={locale}
            />
          </Descriptions.Item>
          <Descriptions.Item label={texts.columnUpdatedAt}>{formatDateTime(record.updatedAt)}</Descriptions.Item>
          {fields.map(([field, node]) => (
            <Descriptions.Item key={field} label={localizedTitle(node, locale) ?? field}>
              <RecordValue
                kind={columnKind(field, node)}
                value={data[field]}
                node={node}
                dictOptions={dictOptions}
                workflow={definition.workflow}
                locale={locale}
              />
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      {links && links.length > 0 && (
        <Space wrap className="kc-detail-links">
          {links.map((link) => (
            <PageLinkButton key={link.href} link={link} record={record} />
          ))}
        </Space>
      )}
      {/* Those who manage the record (who see its history) get its QR codes (resource.json qrCodes). */}
      {record.history.length > 0 &&
        (definition.qrCodes ?? []).map((code) => (
          <QrCodeCard key={code.href} title={locale === 'en-US' ? code.titleEn : code.title} href={code.href} id={record.id} />
        ))}
      {/* A visitor reading a public record is not shown its history (the server sends none). */}
      {record.history.length > 0 && (
        <Card title={texts.recordHistory} className="kc-record-history">
          <Table<RecordHistoryEntry>
            rowKey="version"
            size="small"
            pagination={false}
            dataSource={record.history}
            locale={{ emptyText: texts.noRecords }}
            columns={[
              { title: texts.columnUpdatedAt, key: 'at', render: (_, entry) => formatDateTime(entry.at) },
              { title: texts.columnActions, key: 'action', render: (_, entry) => actionName(entry, definition, texts, locale) },
              { title: texts.columnStatus, key: 'status', render: (_, entry) => stateTitle(definition.workflow, entry.toStatus, locale) },
              { title: texts.columnActor, key: 'actor', render: (_, entry) => entry.actorName ?? '-' },
              { title: texts.recordNote, key: 'note', render: (_, entry) => entry.note ?? '' },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}

/**
 * A record read-only from its schema, with its history and notes, and the workflow buttons this user may use now.
 * `can` answers spec §6's auth check ('integrityCredit.unmask') for 查看完整信息; the page passes it in.
 */
export function SchemaDetail({
  resource,
  id,
  links,
  can,
}: {
  resource: string;
  id: string;
  links?: readonly DetailLink[] | undefined;
  can: (check: string) => boolean;
}) {
  const { definition, failed, retry } = useResourceDefinition(resource);
  if (failed)
    return (
      <Card>
        <LoadFailedAlert onRetry={retry} />
      </Card>
    );
  if (!definition) return <Card loading />;
  return <Detail resource={resource} id={id} definition={definition} links={links} can={can} key={id} />;
}
