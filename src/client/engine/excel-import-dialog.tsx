import { Alert, Button, Checkbox, Modal, Progress, Space, Spin, Steps, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { ImportReport } from '../../shared/generated/import-report';
import { fillTemplate } from '../../shared/i18n/fill-template';
import { ApiError } from '../api/api-error';
import { useLocale } from '../i18n/locale-store';
import { engineTexts } from './engine-texts';
import { excelApi } from './excel-api';

const MAX_BYTES = 10 * 1024 * 1024;

type Phase =
  | { kind: 'choose'; problem?: string }
  | { kind: 'checking'; percent: number }
  | { kind: 'checked'; file: File; report: ImportReport }
  | { kind: 'importing'; file: File; report: ImportReport; percent: number }
  | { kind: 'done'; count: number };

/**
 * The engine's Excel import for any resource whose folder allows it: the template, the file, the
 * server's row-by-row check shown before anything is stored (every error by row and column), then
 * the all-or-nothing import. The upload's progress is shown, then the check's.
 */
export function ExcelImportDialog({
  resource,
  title,
  open,
  onClose,
  onImported,
}: {
  resource: string;
  title: string;
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const locale = useLocale();
  const texts = engineTexts(locale);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const [force, setForce] = useState(false);
  // The template is built on the server (a few seconds on a busy one): the button says it is on its way.
  const [fetchingTemplate, setFetchingTemplate] = useState(false);
  const downloadTemplate = async () => {
    setFetchingTemplate(true);
    try {
      await excelApi.downloadTemplate(resource);
    } catch {
      // The HTTP client has said why.
    } finally {
      setFetchingTemplate(false);
    }
  };

  const reset = (): void => {
    setPhase({ kind: 'choose' });
    setForce(false);
  };
  const close = (): void => {
    if (phase.kind === 'checking' || phase.kind === 'importing') return;
    reset();
    onClose();
  };

  const check = async (file: File): Promise<void> => {
    if (!file.name.toLowerCase().endsWith('.xlsx')) return setPhase({ kind: 'choose', problem: texts.importNotXlsx });
    if (file.size > MAX_BYTES) return setPhase({ kind: 'choose', problem: texts.importFileTooLarge });
    setPhase({ kind: 'checking', percent: 0 });
    try {
      const report = await excelApi.check(resource, file, (percent) => setPhase({ kind: 'checking', percent }));
      setForce(false);
      setPhase({ kind: 'checked', file, report });
    } catch (error) {
      setPhase({ kind: 'choose', problem: error instanceof Error ? error.message : String(error) });
    }
  };

  const commit = async (file: File, report: ImportReport): Promise<void> => {
    setPhase({ kind: 'importing', file, report, percent: 0 });
    try {
      const { result } = await excelApi.commit(resource, file, force, (percent) => setPhase({ kind: 'importing', file, report, percent }));
      setPhase({ kind: 'done', count: result.imported });
      onImported();
    } catch (error) {
      setPhase({ kind: 'choose', problem: error instanceof ApiError || error instanceof Error ? error.message : String(error) });
    }
  };

  const step = phase.kind === 'choose' ? 0 : phase.kind === 'done' ? 2 : 1;
  const report = phase.kind === 'checked' || phase.kind === 'importing' ? phase.report : undefined;
  const failedRows = report ? new Set(report.errors.map((error) => error.row)).size : 0;

  const footer = (() => {
    if (phase.kind === 'checked' && report && report.errorCount === 0) {
      return (
        <Space>
          <Button onClick={reset}>{texts.importChooseAgain}</Button>
          <Button type="primary" disabled={report.repeated && !force} onClick={() => void commit(phase.file, report)}>
            {fillTemplate(texts.importCommit, { total: report.total })}
          </Button>
        </Space>
      );
    }
    if (phase.kind === 'checked')
      return (
        <Button type="primary" onClick={reset}>
          {texts.importChooseAgain}
        </Button>
      );
    if (phase.kind === 'done')
      return (
        <Button type="primary" onClick={close}>
          {texts.importClose}
        </Button>
      );
    return null;
  })();

  return (
    <Modal
      open={open}
      title={fillTemplate(texts.importTitle, { title })}
      onCancel={close}
      maskClosable={false}
      closable={phase.kind !== 'checking' && phase.kind !== 'importing'}
      footer={footer}
      width={760}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        status={report && report.errorCount > 0 ? 'error' : 'process'}
        style={{ marginBottom: 16 }}
        items={[{ title: texts.importStepFile }, { title: texts.importStepCheck }, { title: texts.importStepDone }]}
      />
      {phase.kind === 'choose' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {texts.importTemplateHint}{' '}
            <Button type="link" style={{ padding: 0 }} loading={fetchingTemplate} onClick={() => void downloadTemplate()}>
              {texts.importTemplate}
            </Button>
          </Typography.Paragraph>
          {phase.problem && <Alert type="error" showIcon message={phase.problem} />}
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void check(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-text">{texts.importDrop}</p>
            <p className="ant-upload-hint">{texts.importDropHint}</p>
          </Upload.Dragger>
        </Space>
      )}
      {(phase.kind === 'checking' || phase.kind === 'importing') && (
        <div role="status" aria-live="polite" style={{ textAlign: 'center', padding: 24 }}>
          {phase.percent < 100 ? (
            <>
              <Progress percent={phase.percent} aria-label={fillTemplate(texts.importUploading, { percent: phase.percent })} />
              <Typography.Text>{fillTemplate(texts.importUploading, { percent: phase.percent })}</Typography.Text>
            </>
          ) : (
            <Spin tip={phase.kind === 'checking' ? texts.importChecking : texts.importCommitting}>
              <div style={{ height: 48 }} />
            </Spin>
          )}
        </div>
      )}
      {phase.kind === 'checked' && report && (
        <Space direction="vertical" style={{ width: '100%' }} className="kc-import-report">
          {report.errorCount === 0 ? (
            <Alert type="success" showIcon message={fillTemplate(texts.importSummaryOk, { total: report.total })} />
          ) : (
            <Alert
              type="error"
              showIcon
              message={fillTemplate(texts.importSummaryErrors, { total: report.total, failed: failedRows, count: report.errorCount })}
              description={
                report.errorCount > report.errors.length
                  ? fillTemplate(texts.importErrorsTruncated, { shown: report.errors.length })
                  : undefined
              }
            />
          )}
          {report.ignoredColumns.length > 0 && (
            <Alert
              type="warning"
              showIcon
              message={fillTemplate(texts.importIgnored, { titles: report.ignoredColumns.join(texts.listSeparator) })}
            />
          )}
          {report.errorCount === 0 && report.repeated && (
            <Alert
              type="warning"
              showIcon
              message={texts.importRepeated}
              action={
                <Checkbox checked={force} onChange={(event) => setForce(event.target.checked)}>
                  {texts.importForce}
                </Checkbox>
              }
            />
          )}
          {report.errors.length > 0 && (
            <Table
              size="small"
              className="kc-import-errors"
              rowKey={(error) => `${error.row}-${error.field}-${error.message}`}
              dataSource={report.errors}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { title: texts.importColumnRow, dataIndex: 'row', width: 80 },
                { title: texts.importColumnColumn, dataIndex: 'column', width: 60, render: (value: string | null) => value ?? '—' },
                {
                  title: texts.importColumnTitle,
                  dataIndex: 'title',
                  width: 140,
                  render: (value: string | null, error) => value ?? error.field,
                },
                { title: texts.importColumnMessage, dataIndex: 'message' },
              ]}
            />
          )}
        </Space>
      )}
      {phase.kind === 'done' && <Alert type="success" showIcon message={fillTemplate(texts.importDone, { count: phase.count })} />}
    </Modal>
  );
}
