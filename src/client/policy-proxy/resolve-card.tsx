import { Card, Descriptions, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { PolicyResolve } from '../../shared/generated/policy-resolve';
import { lookDetailHref } from './policy-proxy-api';
import type { PolicyProxyTexts } from './policy-proxy-texts';

/** A policy at a glance: its title (to its page here, or to its text), who qualifies, the support, the deadline and the conditions. */
export function ResolveCard({ resolve, texts, conditionsTitle, linkToDetail = true }: { resolve: PolicyResolve; texts: PolicyProxyTexts; conditionsTitle?: string; linkToDetail?: boolean }) {
  const title = linkToDetail ? <Link to={lookDetailHref(resolve.policyId)}>{resolve.title}</Link> : resolve.title;
  return (
    <Card
      className="kc-resolve-card"
      title={<h3 className="kc-resolve-title">{title}</h3>}
      extra={<Tag color={resolve.open ? 'success' : 'default'}>{resolve.open ? texts.open : texts.closed}</Tag>}
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={texts.qualifies}>{resolve.qualifies}</Descriptions.Item>
        <Descriptions.Item label={texts.support}>{resolve.support}</Descriptions.Item>
        <Descriptions.Item label={texts.deadline}>{resolve.deadline ?? texts.noDeadline}</Descriptions.Item>
        <Descriptions.Item label={conditionsTitle ?? texts.conditions}>
          <ul className="kc-resolve-conditions">
            {resolve.conditions.map((condition) => (
              <li key={condition}>{condition}</li>
            ))}
          </ul>
        </Descriptions.Item>
      </Descriptions>
      <Link to={resolve.href}>{texts.policyText}</Link>
    </Card>
  );
}
