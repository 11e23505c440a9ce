import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Form, Input, Popconfirm, Space } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import type { ActivityManifestFile } from '../../../shared/generated/activity-manifest-file';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import { useLocale } from '../../i18n/locale-store';
import { addStep, moveStep, removeStep, setManifestText } from './activity-manifest-edits';
import { beijingWallTime, fromBeijingWallTime } from './beijing-wall-time';
import { designerTextsFor } from './designer-texts';
import { jsonFileText } from '../../../shared/schema/json-file-text';

const MANIFEST = 'manifest.json';
const WALL_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

export interface ActivityManifestDesignerProps {
  files: Readonly<Record<string, string>>;
  onFilesChange: (files: Record<string, string>) => void;
  /** Opens a step's schema file in the designer (the studio's file tab). */
  onOpenFile: (file: string) => void;
}

function parseManifest(text: string | undefined): ActivityManifestFile | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'object' && value !== null && Array.isArray((value as { steps?: unknown }).steps)
      ? (value as ActivityManifestFile)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An activity's settings without JSON: its name and summary in both languages, its application
 * window in Beijing time, and its steps (added with their own schema file, renamed, reordered,
 * removed). It writes manifest.json (and a step's file) in the same files the JSON editor shows.
 */
export function ActivityManifestDesigner({ files, onFilesChange, onOpenFile }: ActivityManifestDesignerProps) {
  const texts = designerTextsFor(useLocale());
  const manifest = useMemo(() => parseManifest(files[MANIFEST]), [files]);
  if (!manifest) return <Alert type="warning" showIcon message={texts.badJson} />;
  const write = (next: ActivityManifestFile) => onFilesChange({ ...files, [MANIFEST]: jsonFileText(next as unknown as JsonSchema) });
  const english = (node: { locale?: { 'en-US'?: { title?: string; summary?: string } } }, key: 'title' | 'summary') =>
    node.locale?.['en-US']?.[key] ?? '';
  const textInput = (id: string, label: string, value: string, onChange: (value: string) => void, long = false) => (
    <Form.Item label={label} htmlFor={id}>
      {long ? (
        <Input.TextArea id={id} rows={3} value={value} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input id={id} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Form.Item>
  );
  const windowPicker = (key: 'opensAt' | 'closesAt', label: string) => {
    const wall = beijingWallTime(manifest.window[key]);
    return (
      <Form.Item label={label} htmlFor={`kc-manifest-${key}`}>
        <DatePicker
          id={`kc-manifest-${key}`}
          showTime
          allowClear={false}
          format="YYYY-MM-DD HH:mm"
          value={wall ? dayjs(wall, WALL_FORMAT) : null}
          onChange={(value) => {
            if (!value) return;
            const next = structuredClone(manifest);
            next.window = { ...next.window, [key]: fromBeijingWallTime(value.format(WALL_FORMAT)) };
            write(next);
          }}
        />
      </Form.Item>
    );
  };

  return (
    <Form layout="vertical" size="small" className="kc-designer-manifest">
      <Card size="small" title={texts.manifest} style={{ marginBottom: 12 }}>
        {textInput('kc-manifest-title', texts.activityTitle, manifest.title, (value) =>
          write(setManifestText(manifest, { key: 'title', english: false }, value)),
        )}
        {textInput('kc-manifest-title-en', texts.activityTitleEn, english(manifest, 'title'), (value) =>
          write(setManifestText(manifest, { key: 'title', english: true }, value)),
        )}
        {textInput(
          'kc-manifest-summary',
          texts.activitySummary,
          manifest.summary,
          (value) => write(setManifestText(manifest, { key: 'summary', english: false }, value)),
          true,
        )}
        {textInput(
          'kc-manifest-summary-en',
          texts.activitySummaryEn,
          english(manifest, 'summary'),
          (value) => write(setManifestText(manifest, { key: 'summary', english: true }, value)),
          true,
        )}
        <Space wrap>
          {windowPicker('opensAt', texts.opensAt)}
          {windowPicker('closesAt', texts.closesAt)}
        </Space>
      </Card>
      <Card
        size="small"
        title={texts.steps}
        extra={
          <Button icon={<PlusOutlined />} onClick={() => onFilesChange(addStep(manifest, files))}>
            {texts.addStep}
          </Button>
        }
      >
        <ol className="kc-designer-steps">
          {manifest.steps.map((step, index) => (
            <li key={step.key} className="kc-designer-row">
              <Space direction="vertical" style={{ width: '100%', padding: 8 }}>
                <Space wrap>
                  {textInput(`kc-step-${step.key}-title`, texts.stepTitle, step.title, (value) =>
                    write(setManifestText(manifest, { step: step.key, key: 'title', english: false }, value)),
                  )}
                  {textInput(`kc-step-${step.key}-title-en`, texts.stepTitleEn, english(step, 'title'), (value) =>
                    write(setManifestText(manifest, { step: step.key, key: 'title', english: true }, value)),
                  )}
                </Space>
                <Space wrap>
                  <Button size="small" onClick={() => onOpenFile(step.schema)}>
                    {texts.stepFile(step.schema)}
                  </Button>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`${texts.moveUp}：${step.title}`}
                    disabled={index === 0}
                    onClick={() => write(moveStep(manifest, step.key, -1))}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`${texts.moveDown}：${step.title}`}
                    disabled={index === manifest.steps.length - 1}
                    onClick={() => write(moveStep(manifest, step.key, 1))}
                  />
                  {manifest.steps.length > 1 && (
                    <Popconfirm
                      title={`${texts.removeStep}：${step.title}`}
                      onConfirm={() => onFilesChange(removeStep(manifest, files, step.key))}
                    >
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={`${texts.removeStep}：${step.title}`} />
                    </Popconfirm>
                  )}
                </Space>
              </Space>
            </li>
          ))}
        </ol>
      </Card>
    </Form>
  );
}
