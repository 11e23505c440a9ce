import { App, Button, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import type { StudioUnit } from '../../shared/generated';
import { retireActivity } from './studio-api';
import type { StudioTexts } from './studio-texts';

/** Whether the opened activity's live manifest says retired (ADR 0040); a manifest that does not parse is not. */
function isRetired(unit: StudioUnit): boolean {
  try {
    return (JSON.parse(unit.files['manifest.json'] ?? '{}') as { retired?: unknown }).retired === true;
  } catch {
    return false;
  }
}

/**
 * 停用 for a live activity, after a confirm: a publication of its manifest with retired: true (ADR
 * 0040). A retired one shows a tag instead; publishing its manifest without retired brings it back.
 */
export function RetireActivityButton({ unit, texts, onRetired }: { unit: StudioUnit; texts: StudioTexts; onRetired: () => void }) {
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  if (unit.kind !== 'activity' || !unit.live) return null;
  if (isRetired(unit)) return <Tag color="orange">{texts.retiredTag}</Tag>;
  const retire = async () => {
    setSending(true);
    try {
      const result = await retireActivity({ kind: 'activity', name: unit.name, baseVersion: unit.version });
      void message.success(result.message);
      onRetired();
    } catch {
      // The HTTP client has said why (409: someone published in between: reopen).
    } finally {
      setSending(false);
    }
  };
  return (
    <Popconfirm
      title={texts.retireConfirm}
      okText={texts.retire}
      okButtonProps={{ danger: true }}
      cancelText={texts.cancel}
      onConfirm={() => retire()}
    >
      <Button danger loading={sending}>
        {texts.retire}
      </Button>
    </Popconfirm>
  );
}
