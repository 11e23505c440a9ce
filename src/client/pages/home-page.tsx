import { Card, Col, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocale } from '../i18n/locale-store';
import { textsFor } from '../i18n/texts';

/** /home: the research-integrity landing page (spec §2). Its content grows with later issues. */
export default function HomePage() {
  const texts = textsFor(useLocale());
  useEffect(() => {
    document.title = `${texts.homeTitle} - ${texts.portalName}`;
  }, [texts]);
  return (
    <Row justify="center">
      <Col xs={24} lg={20} xl={16}>
        <Card>
          <Typography.Title level={2}>{texts.homeTitle}</Typography.Title>
          <Typography.Paragraph type="secondary">{texts.homeIntro}</Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
