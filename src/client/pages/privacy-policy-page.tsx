import { Card, Col, Row, Table, Typography } from 'antd';
import { useEffect } from 'react';
import type { Locale } from '../../shared/i18n/locale';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';
import content from './privacy-policy-content.json';

/** One piece of a section: a paragraph, a sub-heading, a bulleted list or a table. */
export type PolicyBlock = { p: string } | { h: string } | { list: string[] } | { table: { head: string[]; rows: string[][] } };

export interface PolicySection {
  id: string;
  title: string;
  blocks: PolicyBlock[];
}

export interface PolicyDocument {
  title: string;
  portal: string;
  effectiveDate: string;
  updatedDate: string;
  intro: string[];
  tocTitle: string;
  sections: PolicySection[];
}

/** The policy's text in each language (privacy-policy-content.json; the Chinese one prevails). */
export const PRIVACY_POLICY: Readonly<Record<Locale, PolicyDocument>> = content as Record<Locale, PolicyDocument>;

const anchorOf = (section: PolicySection): string => `privacy-${section.id}`;
// A section's heading stays clear of the fixed header when the table of contents jumps to it.
const HEADING_STYLE = { scrollMarginTop: 96, marginTop: 32 };

function Block({ block }: { block: PolicyBlock }) {
  if ('p' in block) return <Typography.Paragraph>{block.p}</Typography.Paragraph>;
  if ('h' in block) return <Typography.Title level={4}>{block.h}</Typography.Title>;
  if ('list' in block) {
    return (
      <Typography.Paragraph>
        <ul>
          {block.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </Typography.Paragraph>
    );
  }
  const { head, rows } = block.table;
  return (
    <Table
      className="kc-privacy-table"
      size="small"
      bordered
      pagination={false}
      scroll={{ x: 'max-content' }}
      style={{ marginBottom: 16 }}
      columns={head.map((title, index) => ({
        title,
        dataIndex: String(index),
        key: String(index),
        ...(index === 0 ? { width: 160 } : {}),
      }))}
      dataSource={rows.map((row, index) => ({
        key: String(index),
        ...Object.fromEntries(row.map((cell, column) => [String(column), cell])),
      }))}
    />
  );
}

/**
 * /privacyPolicy (spec §1, §2): the portal's privacy policy under the PIPL, for visitors and users
 * alike, with a table of contents; the login and registration pages link here.
 */
export default function PrivacyPolicyPage() {
  const locale = useLocale();
  const texts = textsFor(locale);
  const policy = PRIVACY_POLICY[locale];

  // The tab's title is texts.privacyPolicy (layout/multi-tab/page-title.ts).
  useEffect(() => {
    document.title = `${policy.title} - ${texts.portalName}`;
  }, [policy, texts]);

  return (
    <Row justify="center">
      <Col xs={24} lg={20} xl={16}>
        <Card className="kc-privacy-policy">
          <article>
            <Typography.Title level={2}>{policy.title}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {policy.portal}
              <br />
              {policy.updatedDate}
              <br />
              {policy.effectiveDate}
            </Typography.Paragraph>
            {policy.intro.map((paragraph) => (
              <Typography.Paragraph key={paragraph}>{paragraph}</Typography.Paragraph>
            ))}
            <nav aria-labelledby="privacy-toc" className="kc-privacy-toc">
              <Typography.Title level={3} id="privacy-toc">
                {policy.tocTitle}
              </Typography.Title>
              <ol style={{ listStyle: 'none', paddingInlineStart: 0 }}>
                {policy.sections.map((section) => (
                  <li key={section.id} style={{ marginBottom: 4 }}>
                    <Typography.Link href={`#${anchorOf(section)}`}>{section.title}</Typography.Link>
                  </li>
                ))}
              </ol>
            </nav>
            {policy.sections.map((section) => (
              <section key={section.id} aria-labelledby={anchorOf(section)}>
                <Typography.Title level={3} id={anchorOf(section)} style={HEADING_STYLE}>
                  {section.title}
                </Typography.Title>
                {section.blocks.map((block, index) => (
                  <Block key={index} block={block} />
                ))}
              </section>
            ))}
          </article>
        </Card>
      </Col>
    </Row>
  );
}
