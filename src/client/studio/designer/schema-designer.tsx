import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Alert, Card, Col, Row, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { isJsonSchema, type JsonSchema } from '../../../shared/schema/json-schema';
import { useLocale } from '../../i18n/locale-store';
import { addPaletteField } from './add-palette-field';
import type { DesignerContext } from './designer-context';
import { DesignerPalette, paletteKindOf } from './designer-palette';
import { designerTextsFor } from './designer-texts';
import { loadDictCatalogue, type DictCatalogueEntry } from './dict-catalogue';
import { FieldPropertyPanel } from './field-property-panel';
import { FieldTree, fieldId, groupDropId, pathOfId, rowButtonId, type TreeAction } from './field-tree';
import type { PaletteKind } from './field-kind';
import {
  fieldAt,
  fieldsAt,
  isGroupAt,
  moveField,
  moveIntoGroup,
  moveOutOfGroup,
  moveToGroup,
  NameTakenError,
  removeField,
  type FieldPath,
} from './schema-edits';
import { jsonFileText } from '../../../shared/schema/json-file-text';
import './schema-designer.css';
import { useFeedback } from '../../feedback/use-feedback';

export interface SchemaDesignerProps {
  /** The file's JSON text, as the JSON editor holds it: the two stay in step through it. */
  text: string;
  onChange: (text: string) => void;
  context: DesignerContext;
}

/** The designable schema in the text, or why there is none (a syntax error, or a file that is not a form). */
function parse(text: string): { schema: JsonSchema } | { problem: 'badJson' | 'notDesignable' } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'badJson' };
  }
  return isJsonSchema(value) && isJsonSchema(value.properties) ? { schema: value } : { problem: 'notDesignable' };
}

const samePath = (a: FieldPath | undefined, b: FieldPath | undefined) => a !== undefined && b !== undefined && fieldId(a) === fieldId(b);

/**
 * The studio's visual designer (issue 32): a palette of the vocabulary's field kinds, the form's
 * fields as a tree to reorder by drag or by keyboard, and the selected field's property panel.
 * Every change is written back as standard JSON Schema with the x-* vocabulary into the same text
 * the JSON editor shows, so the server's check, the preview, the impact report and publishing work
 * as they do for typed JSON. A file opened and left unedited is never rewritten.
 */
export function SchemaDesigner({ text, onChange, context }: SchemaDesignerProps) {
  const locale = useLocale();
  const texts = designerTextsFor(locale);
  const { message, modal } = useFeedback();
  const parsed = useMemo(() => parse(text), [text]);
  const [selected, setSelected] = useState<FieldPath>();
  const [focusAfter, setFocusAfter] = useState<FieldPath>();
  const [announcement, setAnnouncement] = useState('');
  const [dicts, setDicts] = useState<DictCatalogueEntry[]>([]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    let live = true;
    // Without the catalogue the dictionary choice shows codes only; the server's check still names a wrong one.
    loadDictCatalogue().then(
      (entries) => live && setDicts(entries),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  // After a keyboard move the row is drawn again at its new place: give it the focus back.
  useEffect(() => {
    if (!focusAfter) return;
    document.getElementById(rowButtonId(focusAfter))?.focus();
    setFocusAfter(undefined);
  }, [focusAfter, text]);

  if ('problem' in parsed)
    return <Alert type="warning" showIcon message={parsed.problem === 'badJson' ? texts.badJson : texts.notDesignable} />;
  const root = parsed.schema;
  const current = selected && fieldAt(root, selected) ? selected : undefined;
  const titleOf = (path: FieldPath) => fieldAt(root, path)?.title ?? path[path.length - 1] ?? '';

  const write = (next: JsonSchema) => {
    if (next !== root) onChange(jsonFileText(next));
  };
  const tryWrite = (edit: () => JsonSchema): JsonSchema | undefined => {
    try {
      const next = edit();
      write(next);
      return next;
    } catch (error) {
      if (!(error instanceof NameTakenError)) throw error;
      void message.warning(texts.nameTaken(error.fieldName));
      return undefined;
    }
  };

  /** Adds after the selected field, or into the selected group, or last. */
  const add = (kind: PaletteKind, group?: FieldPath, index?: number) => {
    const into = group ?? (current && isGroupAt(root, current) ? current : (current?.slice(0, -1) ?? []));
    const position =
      index ??
      (current && !samePath(into, current)
        ? fieldsAt(root, into).findIndex((field) => samePath(field.path, current)) + 1
        : Number.MAX_SAFE_INTEGER);
    const { schema, path } = addPaletteField(root, into, kind, position);
    write(schema);
    setSelected(path);
    setAnnouncement(texts.added(texts.kind(kind)));
  };

  const act = (path: FieldPath, action: TreeAction) => {
    const siblings = fieldsAt(root, path.slice(0, -1));
    const index = siblings.findIndex((field) => samePath(field.path, path));
    const name = path[path.length - 1] ?? '';
    const title = titleOf(path);
    if (action === 'remove') {
      // One confirm for the whole tree, not a popover drawn into every row.
      modal.confirm({
        title: texts.removeConfirm(title),
        okText: texts.remove,
        okButtonProps: { danger: true },
        onOk: () => {
          write(removeField(root, path));
          if (samePath(current, path)) setSelected(undefined);
        },
      });
      return;
    }
    let moved: FieldPath = path;
    if (action === 'up' || action === 'down') tryWrite(() => moveField(root, path, action === 'up' ? index - 1 : index + 1));
    if (action === 'in') {
      const group = siblings[index - 1]?.path;
      if (group && tryWrite(() => moveIntoGroup(root, path, group))) moved = [...group, name];
    }
    if (action === 'out' && tryWrite(() => moveOutOfGroup(root, path))) moved = [...path.slice(0, -2), name];
    setSelected(moved);
    setFocusAfter(moved);
    setAnnouncement(texts.moved(title));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const overId = String(over.id);
    const [group, index] = overId.startsWith('+group:')
      ? [overId === groupDropId([]) ? [] : pathOfId(overId.slice('+group:'.length)), Number.MAX_SAFE_INTEGER]
      : [pathOfId(overId).slice(0, -1), fieldsAt(root, pathOfId(overId).slice(0, -1)).findIndex((field) => fieldId(field.path) === overId)];
    const kind = paletteKindOf(String(active.id));
    if (kind) {
      add(kind, group, index);
      return;
    }
    const path = pathOfId(String(active.id));
    if (tryWrite(() => moveToGroup(root, path, group, index))) {
      const name = path[path.length - 1] ?? '';
      setSelected([...group, name]);
      setAnnouncement(texts.moved(titleOf(path)));
    }
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <Row gutter={[16, 16]} className="kc-designer">
        <Col xs={24} lg={6}>
          <Card size="small" title={texts.palette}>
            <Typography.Paragraph type="secondary" className="kc-designer-hint">
              {texts.paletteHint}
            </Typography.Paragraph>
            <DesignerPalette texts={texts} onAdd={(kind) => add(kind)} />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card size="small" title={texts.fields}>
            <Typography.Paragraph type="secondary" className="kc-designer-hint">
              {texts.fieldsHint}
            </Typography.Paragraph>
            <FieldTree root={root} group={[]} selected={current} texts={texts} onSelect={setSelected} onAction={act} />
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card size="small" title={texts.properties}>
            {current ? (
              <FieldPropertyPanel
                key={fieldId(current)}
                root={root}
                path={current}
                context={context}
                dicts={dicts}
                texts={texts}
                onChange={write}
              />
            ) : (
              <Typography.Text type="secondary">{texts.noSelection}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <div aria-live="polite" className="kc-visually-hidden">
        {announcement}
      </div>
    </DndContext>
  );
}
