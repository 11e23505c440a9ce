import { Button, Result, Space } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { fillRowHref } from '../../shared/resource/resource-links';
import { useLocale } from '../i18n/locale-store';
import { EnginePageFrame, type EnginePageEntry } from './engine-page-frame';

/**
 * A page saying a form was sent (resource.json pages, page done: 签到成功), with the folder's links,
 * their {name} parts filled from the address (?eventId=… → the event's page).
 */
export function DonePage({ page }: { page: EnginePageEntry }) {
  const english = useLocale() === 'en-US';
  const [params] = useSearchParams();
  const values = Object.fromEntries(params);
  const title = (english ? page.titleEn : page.title) ?? page.title ?? '';
  const text = english ? page.introEn : page.intro;
  return (
    <EnginePageFrame page={page} bare>
      <Result
        status="success"
        title={<h2 className="kc-done-title">{title}</h2>}
        subTitle={text}
        extra={
          <Space wrap>
            {(page.links ?? []).map((link) => (
              <Link key={link.href} to={fillRowHref(link.href, { id: values['id'] ?? '', data: values })}>
                <Button type="primary">{english ? link.titleEn : link.title}</Button>
              </Link>
            ))}
          </Space>
        }
      />
    </EnginePageFrame>
  );
}
