import type { App } from 'antd';
import type { RecordView } from '../../shared/generated/record-view';
import { dataProvider } from '../api/data-provider';
import { toastSuccess } from '../api/notifier';
import type { Texts } from '../i18n/texts';

type Modal = ReturnType<typeof App.useApp>['modal'];

/** Asks before deleting a record for good, deletes it at the version on screen, then runs `after`. */
export function confirmDeleteRecord(
  modal: Modal,
  texts: Texts,
  resource: string,
  record: Pick<RecordView, 'id' | 'version'>,
  after: () => unknown,
): void {
  modal.confirm({
    title: texts.deleteConfirmTitle,
    content: texts.deleteConfirm,
    okText: texts.delete,
    okButtonProps: { danger: true },
    cancelText: texts.cancel,
    onOk: async () => {
      toastSuccess(await dataProvider.deleteOne(resource, record.id, record.version));
      await after();
    },
  });
}
