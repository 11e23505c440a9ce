import { Segmented } from 'antd';
import { useState } from 'react';
import type { StudioUnitQuery } from '../../shared/generated';
import { useLocale } from '../i18n/locale-store';
import { ActivityManifestDesigner } from './designer/activity-manifest-designer';
import { designerTextsFor } from './designer/designer-texts';
import { SchemaDesigner } from './designer/schema-designer';
import { DictionaryItemsEditor } from './dictionary/dictionary-items-editor';
import { JsonEditor, type PointerProblem } from './json-editor';
import type { StudioFiles } from './studio-api';

type Mode = 'design' | 'json';

export interface StudioFileEditorProps {
  kind: StudioUnitQuery['kind'];
  file: string;
  files: StudioFiles;
  onFilesChange: (files: StudioFiles) => void;
  onOpenFile: (file: string) => void;
  problems: readonly PointerProblem[];
  label: string;
  /** A unit the caller may not publish (its kind's permission): shown as JSON, not edited. */
  readOnly?: boolean;
}

/** Which designer shows a file: an activity's manifest, a dictionary, any form schema, or none (the JSON editor only). */
function designerOf(kind: StudioUnitQuery['kind'], file: string): 'manifest' | 'dictionary' | 'schema' | undefined {
  if (kind === 'dictionary') return 'dictionary';
  if (kind === 'activity' && file === 'manifest.json') return 'manifest';
  return file.endsWith('.schema.json') ? 'schema' : undefined;
}

/**
 * One file of the unit, in the visual designer or as JSON, switched at will: both edit the same
 * text, so they stay in step and the server's check sees one candidate.
 */
export function StudioFileEditor({
  kind,
  file,
  files,
  onFilesChange,
  onOpenFile,
  problems,
  label,
  readOnly = false,
}: StudioFileEditorProps) {
  const texts = designerTextsFor(useLocale());
  const [mode, setMode] = useState<Mode>('design');
  const designer = readOnly ? undefined : designerOf(kind, file);
  const text = files[file] ?? '';
  const setText = (next: string) => onFilesChange({ ...files, [file]: next });
  const shown: Mode = designer ? mode : 'json';
  return (
    <>
      {designer && (
        <Segmented<Mode>
          aria-label={texts.modeLabel}
          style={{ marginBottom: 12 }}
          value={mode}
          onChange={setMode}
          options={[
            { value: 'design', label: texts.designMode },
            { value: 'json', label: texts.jsonMode },
          ]}
        />
      )}
      {shown === 'json' ? (
        <JsonEditor key={`${kind}:${file}`} label={label} value={text} onChange={setText} problems={problems} readOnly={readOnly} />
      ) : designer === 'dictionary' ? (
        <DictionaryItemsEditor text={text} onChange={setText} problems={problems} />
      ) : designer === 'manifest' ? (
        <ActivityManifestDesigner files={files} onFilesChange={onFilesChange} onOpenFile={onOpenFile} />
      ) : (
        <SchemaDesigner
          key={`${kind}:${file}`}
          text={text}
          onChange={setText}
          context={{ activityStep: kind === 'activity', resourceRecord: kind === 'resource' && file === 'record.schema.json' }}
        />
      )}
    </>
  );
}
