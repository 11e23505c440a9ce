import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import type { StudioRetireRequest, StudioUnit } from '../../shared/generated';
import { RetiredTag } from './retired-tag';
import { retireUnit } from './studio-api';
import type { StudioTexts } from './studio-texts';
import { useFeedback } from '../feedback/use-feedback';

type RetirableKind = StudioRetireRequest['kind'];

/** The kinds that retire (the retire request's), each with what its confirm says retiring does. */
const CONFIRM_OF: { readonly [K in RetirableKind]: (texts: StudioTexts) => string } = {
  activity: (texts) => texts.retireConfirmActivity,
  resource: (texts) => texts.retireConfirmResource,
  form: (texts) => texts.retireConfirmForm,
  dictionary: (texts) => texts.retireConfirmDictionary,
};

const isRetirable = (kind: StudioUnit['kind']): kind is RetirableKind => Object.hasOwn(CONFIRM_OF, kind);

/**
 * 停用 for a live activity, record type, form or dictionary, after a confirm that says what it does: a
 * publication with the kind's retired mark (ADR 0040, 0047, 0055). A retired one shows a tag instead
 * (the server says which are); publishing without the mark brings it back.
 */
export function RetireUnitButton({ unit, texts, onRetired }: { unit: StudioUnit; texts: StudioTexts; onRetired: () => void }) {
  const { message } = useFeedback();
  const [sending, setSending] = useState(false);
  const kind = unit.kind;
  if (!isRetirable(kind) || !unit.live) return null;
  if (unit.retired) return <RetiredTag label={texts.retiredTag} />;
  const retire = async () => {
    setSending(true);
    try {
      const result = await retireUnit({ kind, name: unit.name, baseVersion: unit.version });
      void message.success(result.message);
      onRetired();
    } catch {
      // The HTTP client has said why (409: someone published in between: reopen; 400: the form may not be retired, and why).
    } finally {
      setSending(false);
    }
  };
  return (
    <Popconfirm
      title={CONFIRM_OF[kind](texts)}
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
