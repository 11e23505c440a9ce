import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useLocale } from '../../i18n/locale-store';
import { dictionaryEditorTextsFor } from './dictionary-editor-texts';
import { dictionaryText, freeKey, movedItems, parseDictionary, withLabel, type DictItem } from './dictionary-file-edits';

type LabelField = 'dictKey' | 'dictValue' | 'dictValueEn';

export interface DictionaryItemsEditorProps {
  text: string;
  onChange: (text: string) => void;
  /** The server's check's problems on this file (pointer, message): each shown on its item's cell. */
  problems: readonly { pointer: string; message: string }[];
}

/**
 * 可视化设计 of a dictionary (ADR 0046): its name and a table of its items (key, 中文, English) with
 * add, remove and move up / down buttons, usable by keyboard alone. Every edit writes the file's text
 * (dictionaryText), which the JSON editor shows too: the two stay in step as the form designer does.
 */
export function DictionaryItemsEditor({ text, onChange, problems }: DictionaryItemsEditorProps) {
  const texts = dictionaryEditorTextsFor(useLocale());
  const [announcement, setAnnouncement] = useState('');
  const table = useRef<HTMLDivElement>(null);
  const file = parseDictionary(text);
  if (!file) return <Alert type="info" showIcon message={texts.notDesignable} />;

  const write = (items: DictItem[], name = file.name) => onChange(dictionaryText({ ...file, name, items }));
  const problemAt = (pointer: string) => problems.filter((problem) => problem.pointer === pointer).map((problem) => problem.message);
  // After a move, the focus follows the button pressed to its item's new row, so a keyboard user can press it again.
  const focusLater = (selector: string) => requestAnimationFrame(() => table.current?.querySelector<HTMLElement>(selector)?.focus());
  const move = (index: number, offset: -1 | 1) => {
    write(movedItems(file.items, index, offset));
    setAnnouncement(texts.moved(index + 1, index + 1 + offset));
    focusLater(`[data-move="${offset === -1 ? 'up' : 'down'}"][data-row="${index + offset}"]`);
  };
  const add = () => {
    write([...file.items, { dictKey: freeKey(file.items), dictValue: texts.newItem }]);
    focusLater(`[data-cell="dictKey"][data-row="${file.items.length}"]`);
  };

  const cell = (field: LabelField, label: (row: number) => string) =>
    function LabelCell(_: unknown, item: DictItem, index: number) {
      const messages = problemAt(`/items/${index}/${field}`);
      const id = `dict-item-${index}-${field}-problem`;
      return (
        <>
          <Input
            value={item[field] ?? ''}
            aria-label={label(index + 1)}
            data-cell={field}
            data-row={index}
            status={messages.length > 0 ? 'error' : undefined}
            aria-invalid={messages.length > 0 || undefined}
            aria-describedby={messages.length > 0 ? id : undefined}
            maxLength={field === 'dictKey' ? 64 : 100}
            onChange={(event) => write(file.items.map((entry, at) => (at === index ? withLabel(entry, field, event.target.value) : entry)))}
          />
          {messages.length > 0 && (
            <Typography.Text type="danger" id={id} style={{ display: 'block', fontSize: 12 }}>
              {messages.join('；')}
            </Typography.Text>
          )}
        </>
      );
    };

  const nameProblems = problemAt('/name');
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <label style={{ display: 'block' }}>
        <Typography.Text strong>{texts.name}</Typography.Text>
        <Input
          value={file.name}
          maxLength={50}
          status={nameProblems.length > 0 ? 'error' : undefined}
          onChange={(event) => write(file.items, event.target.value)}
        />
      </label>
      {nameProblems.length > 0 && <Typography.Text type="danger">{nameProblems.join('；')}</Typography.Text>}
      <div ref={table}>
        <Table<DictItem>
          size="small"
          pagination={false}
          rowKey={(_, index) => String(index)}
          dataSource={file.items}
          caption={<Typography.Text strong>{texts.items}</Typography.Text>}
          columns={[
            {
              title: texts.key,
              key: 'dictKey',
              width: '24%',
              render: (value: unknown, item: DictItem, index: number) => (
                <>
                  {cell('dictKey', texts.keyOf)(value, item, index)}
                  {item.retired && <Tag>{texts.retired}</Tag>}
                </>
              ),
            },
            { title: texts.zh, key: 'dictValue', render: cell('dictValue', texts.zhOf) },
            { title: texts.en, key: 'dictValueEn', render: cell('dictValueEn', texts.enOf) },
            {
              title: texts.actions,
              key: 'actions',
              width: 132,
              render: (_: unknown, _item: DictItem, index: number) => (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={texts.moveUp(index + 1)}
                    data-move="up"
                    data-row={index}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={texts.moveDown(index + 1)}
                    data-move="down"
                    data-row={index}
                    disabled={index === file.items.length - 1}
                    onClick={() => move(index, 1)}
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={texts.remove(index + 1)}
                    disabled={file.items.length === 1}
                    onClick={() => write(file.items.filter((_entry, at) => at !== index))}
                  />
                </Space>
              ),
            },
          ]}
        />
      </div>
      <Button icon={<PlusOutlined />} onClick={add}>
        {texts.add}
      </Button>
      <Typography.Text type="secondary">{texts.removedNote}</Typography.Text>
      <div role="status" aria-live="polite" className="kc-visually-hidden">
        {announcement}
      </div>
    </Space>
  );
}
