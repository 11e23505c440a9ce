import { Button, Modal } from 'antd';
import type { Texts } from '../../i18n/texts';

export interface StepConflictModalProps {
  open: boolean;
  reloading: boolean;
  onReload: () => void;
  texts: Texts;
}

/**
 * Another window or device saved first (409 versionConflict): saving stops, and the only way on is
 * 刷新, which loads the server copy; the unsaved values stay on offer from the local copy.
 */
export function StepConflictModal({ open, reloading, onReload, texts }: StepConflictModalProps) {
  return (
    <Modal
      open={open}
      title={texts.conflictTitle}
      closable={false}
      maskClosable={false}
      keyboard={false}
      className="kc-conflict-modal"
      footer={
        <Button type="primary" loading={reloading} onClick={onReload}>
          {texts.refresh}
        </Button>
      }
    >
      {texts.conflictContent}
    </Modal>
  );
}
