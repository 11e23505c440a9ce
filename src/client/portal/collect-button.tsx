import { Button } from 'antd';
import { useEffect, useState } from 'react';
import type { RecordView } from '../../shared/generated/record-view';
import { dataProvider } from '../api/data-provider';
import { useLoginPrompt } from '../activities/use-login-prompt';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { useToken } from '../session/session-store';
import { portalTextsFor } from './portal-texts';
import { useFeedback } from '../feedback/use-feedback';

interface CollectButtonProps {
  kind: 'article' | 'policy';
  title: string;
  /** The portal path that opens the item again (我的收藏 links to it). */
  path: string;
}

/**
 * 收藏 / 已收藏 for an article or policy, kept in 我的收藏 (resources/collection). For a visitor it
 * cannot save, and a click asks them to log in (spec §6: 请先登录).
 */
export function CollectButton({ kind, title, path }: CollectButtonProps) {
  const locale = useLocale();
  const texts = portalTextsFor(locale);
  const common = textsFor(locale);
  const loggedIn = useToken() !== null;
  const askLogin = useLoginPrompt();
  const { message } = useFeedback();
  const [saved, setSaved] = useState<RecordView | null>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!loggedIn) return undefined;
    let active = true;
    dataProvider.getList('collection', 'saved', { targetPath: path }).then(
      (page) => active && setSaved(page.records[0] ?? null),
      () => active && setSaved(null),
    );
    return () => {
      active = false;
    };
  }, [loggedIn, path]);

  if (!loggedIn) {
    return (
      <Button className="kc-needs-login" onClick={() => askLogin(texts.collectNeedsLogin)} title={common.pleaseLogin}>
        {texts.collect}
      </Button>
    );
  }
  const toggle = async () => {
    setBusy(true);
    try {
      if (saved) {
        await dataProvider.deleteOne('collection', saved.id, saved.version);
        setSaved(null);
        void message.success(texts.uncollectDone);
      } else {
        const result = await dataProvider.create('collection', { targetKind: kind, targetTitle: title.slice(0, 100), targetPath: path });
        setSaved(result.record);
        void message.success(texts.collectDone);
      }
    } catch {
      // The HTTP client has said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type={saved ? 'primary' : 'default'}
      loading={busy || saved === undefined}
      aria-pressed={Boolean(saved)}
      onClick={() => void toggle()}
    >
      {saved ? texts.collected : texts.collect}
    </Button>
  );
}
