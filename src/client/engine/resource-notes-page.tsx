import { Button, Card, Checkbox, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ResourcePages } from '../../shared/generated/resource-pages';
import { registerPageTitle } from '../hooks/page-title-store';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import { hasAgreed, rememberAgreement } from './notes-agreement';

type NotesPageEntry = ResourcePages['pages'][number];

/**
 * A folder's notes page (resource.json pages, page "notes"; spec /home/financing/application_notes):
 * its sections, a box the user ticks to agree, then the forms that read it first. Arriving from one
 * of those forms (?next=), the user goes straight on to it.
 */
export function ResourceNotesPage({ page }: { page: NotesPageEntry }) {
  const locale = useLocale();
  const texts = textsFor(locale);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [agreed, setAgreed] = useState(() => hasAgreed(page.path));
  const notes = page.notes;
  const en = locale === 'en-US';
  const title = (en ? page.titleEn : page.title) ?? page.path;
  const links = notes?.links ?? [];
  // ?next= may carry the form's own address values (a product's 申请融资); only a path of these links is followed.
  const next = new URLSearchParams(search).get('next') ?? '';
  const nextPath = next.split('?')[0];
  const target = links.find((link) => link.path === nextPath);

  useEffect(() => {
    registerPageTitle(pathname + search, { 'zh-CN': page.title ?? page.path, 'en-US': page.titleEn ?? page.title ?? page.path });
    document.title = `${title} - ${texts.portalName}`;
  }, [page, pathname, search, title, texts]);

  const agree = (value: boolean): void => {
    setAgreed(value);
    rememberAgreement(page.path, value);
  };

  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      className="kc-resource-notes"
    >
      {(notes?.sections ?? []).map((section) => (
        <section key={section.title} className="kc-notes-section">
          <Typography.Title level={5}>{en ? section.titleEn : section.title}</Typography.Title>
          <Typography.Paragraph>{en ? section.textEn : section.text}</Typography.Paragraph>
        </section>
      ))}
      <Checkbox checked={agreed} onChange={(event) => agree(event.target.checked)} className="kc-notes-agree">
        {notes ? (en ? notes.agreeEn : notes.agree) : ''}
      </Checkbox>
      <div style={{ marginTop: 16 }}>
        {target ? (
          <Button type="primary" disabled={!agreed} onClick={() => navigate(next.startsWith(`${target.path}?`) ? next : target.path)}>
            {texts.notesContinue}
          </Button>
        ) : (
          <Space direction="vertical">
            <Typography.Text type="secondary">{texts.notesChoose}</Typography.Text>
            <Space wrap>
              {links.map((link) => (
                <Button key={link.path} disabled={!agreed} onClick={() => navigate(link.path)}>
                  {en ? link.titleEn : link.title}
                </Button>
              ))}
            </Space>
          </Space>
        )}
      </div>
    </Card>
  );
}
