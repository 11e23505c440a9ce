import { Button, Empty, List, Popconfirm, Tag, Typography } from 'antd';
import type { StudioPublication } from '../../shared/generated/studio-publication';
import { formatDateTime } from '../i18n/format-date-time';
import type { StudioTexts } from './studio-texts';

/** Every published version, newest first, each but the live one a rollback away. */
// antd's green tag (#389e0d on #f6ffed) is 3.4:1 at 12 px; a darker green keeps the colour and reads at 4.5:1 and more.
const LIVE_TAG = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };

export function VersionsList({
  versions,
  texts,
  canRollback,
  onRollback,
}: {
  versions: StudioPublication[];
  texts: StudioTexts;
  canRollback: boolean;
  onRollback: (publication: StudioPublication) => Promise<void>;
}) {
  if (versions.length === 0) return <Empty description={texts.versionsEmpty} />;
  const actionLabel = {
    publish: texts.actionPublish,
    rollback: texts.actionRollback,
    baseline: texts.actionBaseline,
    create: texts.actionCreate,
    retire: texts.actionRetire,
  } as const;
  return (
    <List
      size="small"
      dataSource={versions}
      renderItem={(entry) => (
        <List.Item
          actions={
            !entry.live && canRollback
              ? [
                  <Popconfirm
                    key="rollback"
                    title={texts.rollbackConfirm}
                    okText={texts.rollback}
                    cancelText={texts.cancel}
                    onConfirm={() => onRollback(entry)}
                  >
                    <Button size="small">{texts.rollback}</Button>
                  </Popconfirm>,
                ]
              : []
          }
        >
          <List.Item.Meta
            title={
              <>
                #{entry.id} {actionLabel[entry.action]} {entry.live && <Tag style={LIVE_TAG}>{texts.live}</Tag>}
              </>
            }
            description={
              <>
                {formatDateTime(entry.at)} {entry.actorName ?? ''} {entry.note ? `· ${entry.note}` : ''}{' '}
                <Typography.Text type="secondary" code>
                  {entry.version.slice(0, 12)}
                </Typography.Text>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
