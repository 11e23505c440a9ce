import { useDraggable } from '@dnd-kit/core';
import { Button } from 'antd';
import type { PointerEventHandler } from 'react';
import type { DesignerTexts } from './designer-texts';
import { FIELD_KINDS, type PaletteKind } from './field-kind';

/** The id a palette entry drags under: never a field path, which starts with a letter. */
export const paletteId = (kind: PaletteKind): string => `+palette:${kind}`;
export const paletteKindOf = (id: string): PaletteKind | undefined => FIELD_KINDS.find((kind) => paletteId(kind) === id);

function PaletteEntry({ kind, texts, onAdd }: { kind: PaletteKind; texts: DesignerTexts; onAdd: (kind: PaletteKind) => void }) {
  // Dragged with the pointer only: by keyboard, Enter on the button adds the field after the selected one.
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({ id: paletteId(kind) });
  return (
    <Button
      ref={setNodeRef}
      // The pointer only: the keyboard sensor would take Enter and Space as "pick up", and a keyboard user adds with Enter.
      onPointerDown={listeners?.['onPointerDown'] as PointerEventHandler | undefined}
      onClick={() => onAdd(kind)}
      className="kc-designer-palette-entry"
      style={
        transform
          ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)`, zIndex: 10, opacity: isDragging ? 0.8 : 1 }
          : undefined
      }
    >
      + {texts.kind(kind)}
    </Button>
  );
}

/** The vocabulary's field kinds: click (or Enter) to add after the selected field, or drag onto the list. */
export function DesignerPalette({ texts, onAdd }: { texts: DesignerTexts; onAdd: (kind: PaletteKind) => void }) {
  return (
    <div className="kc-designer-palette" role="group" aria-label={texts.palette}>
      {FIELD_KINDS.map((kind) => (
        <PaletteEntry key={kind} kind={kind} texts={texts} onAdd={onAdd} />
      ))}
    </div>
  );
}
