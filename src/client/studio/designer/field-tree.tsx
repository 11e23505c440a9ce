import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { JsonSchema } from '../../../shared/schema/json-schema';
import type { DesignerTexts } from './designer-texts';
import { kindOf } from './field-kind';
import { fieldsAt, isGroupAt, type DesignerField, type FieldPath } from './schema-edits';

/** A field's id in the tree (drag and drop, focus): its path, joined by "/", which no field name contains. */
export const fieldId = (path: FieldPath): string => path.join('/');
export const pathOfId = (id: string): FieldPath => id.split('/');
/** The drop zone at the end of a group (the root is ""): where a field or a palette kind lands when dropped below the last member. */
export const groupDropId = (path: FieldPath): string => `+group:${fieldId(path)}`;
/** The id of a row's select button, focused again after a keyboard move. */
export const rowButtonId = (path: FieldPath): string => `kc-designer-row-${path.join('-')}`;

export type TreeAction = 'up' | 'down' | 'in' | 'out' | 'remove';

export interface FieldTreeProps {
  root: JsonSchema;
  group: FieldPath;
  selected: FieldPath | undefined;
  texts: DesignerTexts;
  onSelect: (path: FieldPath) => void;
  onAction: (path: FieldPath, action: TreeAction) => void;
}

interface RowProps extends Omit<FieldTreeProps, 'group'> {
  field: DesignerField;
  index: number;
  count: number;
  /** The sibling above is a group the field can move into. */
  groupAbove: boolean;
}

function RowButton(props: { label: string; hint: string; disabled?: boolean; danger?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={`kc-designer-row-button${props.danger ? ' kc-designer-row-button-danger' : ''}`}
      aria-label={props.label}
      title={props.hint}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}

function FieldRow({ root, field, index, count, groupAbove, selected, texts, onSelect, onAction }: RowProps) {
  const id = fieldId(field.path);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const title = field.schema.title ?? field.name;
  const isSelected = selected !== undefined && fieldId(selected) === id;
  const nested = field.path.length > 1;
  const group = isGroupAt(root, field.path);
  return (
    <li
      ref={setNodeRef}
      className={`kc-designer-row${isSelected ? ' kc-designer-row-selected' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <div className="kc-designer-row-line">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="kc-designer-handle"
          {...attributes}
          {...listeners}
          aria-label={texts.dragHandle(title)}
        >
          <HolderOutlined />
        </button>
        <button
          type="button"
          id={rowButtonId(field.path)}
          className="kc-designer-row-select"
          aria-pressed={isSelected}
          onClick={() => onSelect(field.path)}
        >
          <span className="kc-designer-row-title">
            {field.required && (
              <span className="kc-designer-required" aria-label={texts.required}>
                *
              </span>
            )}
            {title}
          </span>
          <span className="kc-designer-kind">{texts.kind(kindOf(field.schema))}</span>
          <code className="kc-designer-row-name">{field.name}</code>
        </button>
        {/* Plain buttons with a native title: a row of a 150-field form draws hundreds of them (issue 32's bench). */}
        <span className="kc-designer-row-actions">
          <RowButton
            label={`${texts.moveUp}：${title}`}
            hint={texts.moveUp}
            disabled={index === 0}
            onClick={() => onAction(field.path, 'up')}
          >
            <ArrowUpOutlined />
          </RowButton>
          <RowButton
            label={`${texts.moveDown}：${title}`}
            hint={texts.moveDown}
            disabled={index === count - 1}
            onClick={() => onAction(field.path, 'down')}
          >
            <ArrowDownOutlined />
          </RowButton>
          {groupAbove && (
            <RowButton label={`${texts.moveIn}：${title}`} hint={texts.moveIn} onClick={() => onAction(field.path, 'in')}>
              <LoginOutlined />
            </RowButton>
          )}
          {nested && (
            <RowButton label={`${texts.moveOut}：${title}`} hint={texts.moveOut} onClick={() => onAction(field.path, 'out')}>
              <LogoutOutlined />
            </RowButton>
          )}
          <RowButton label={`${texts.remove}：${title}`} hint={texts.remove} danger onClick={() => onAction(field.path, 'remove')}>
            <DeleteOutlined />
          </RowButton>
        </span>
      </div>
      {group && <FieldTree root={root} group={field.path} selected={selected} texts={texts} onSelect={onSelect} onAction={onAction} />}
    </li>
  );
}

/** One group's members, sortable by drag (pointer or keyboard on the handle) and by the buttons on each row; groups open below their row. */
export function FieldTree(props: FieldTreeProps) {
  const { root, group, texts } = props;
  const fields = fieldsAt(root, group);
  const { setNodeRef, isOver } = useDroppable({ id: groupDropId(group) });
  return (
    <SortableContext items={fields.map((field) => fieldId(field.path))} strategy={verticalListSortingStrategy}>
      <ul className={group.length === 0 ? 'kc-designer-tree' : 'kc-designer-tree kc-designer-tree-nested'}>
        {fields.map((field, index) => (
          <FieldRow
            key={fieldId(field.path)}
            {...props}
            field={field}
            index={index}
            count={fields.length}
            groupAbove={index > 0 && isGroupAt(root, fields[index - 1]?.path ?? [])}
          />
        ))}
        {/* The end of the group, a place to drop; an empty group says so in words. */}
        <li ref={setNodeRef} className={`kc-designer-drop${isOver ? ' kc-designer-drop-over' : ''}`}>
          {fields.length === 0 ? texts.emptyFields : null}
        </li>
      </ul>
    </SortableContext>
  );
}
