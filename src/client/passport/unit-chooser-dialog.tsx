import { Button, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import type { UserUnit } from '../../shared/generated/user-unit';
import { usePassportTexts } from './passport-texts';

/**
 * After a login, a user of several units chooses one (issue 31, spec §4's stored unit with isSelect 1).
 * It cannot be missed: a modal without a close button, closed neither by the mask nor by Escape, whose
 * only way on is choosing. The units are a radio group (arrow keys move, Tab reaches 确定); the unit
 * chosen last time is preselected.
 */
export function UnitChooserDialog({
  units,
  choose,
}: {
  units: readonly UserUnit[];
  /** Makes the unit current and goes on; a failure keeps the dialog open (the HTTP client said why). */
  choose: (unit: UserUnit) => Promise<void>;
}) {
  const texts = usePassportTexts();
  const [selected, setSelected] = useState<string | undefined>(() => (units.find((unit) => unit.current) ?? units[0])?.id);
  const [busy, setBusy] = useState(false);
  const unit = units.find((candidate) => candidate.id === selected);

  const confirm = async (): Promise<void> => {
    if (!unit) return;
    setBusy(true);
    try {
      await choose(unit);
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={<span id="kc-unit-chooser-title">{texts.chooseUnitTitle}</span>}
      closable={false}
      maskClosable={false}
      keyboard={false}
      className="kc-unit-chooser"
      footer={
        <Button type="primary" loading={busy} disabled={!unit} onClick={() => void confirm()}>
          {texts.chooseUnitConfirm}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{texts.chooseUnitHint}</Typography.Paragraph>
      {/* antd's group is a plain div: the radiogroup role and its name are put around it. */}
      <div role="radiogroup" aria-labelledby="kc-unit-chooser-title">
        <Radio.Group value={selected} onChange={(event) => setSelected(String(event.target.value))}>
          <Space direction="vertical">
            {units.map((candidate) => (
              <Radio key={candidate.id} value={candidate.id}>
                {candidate.name}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </div>
    </Modal>
  );
}
