import { Card, Descriptions, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { MatchedRule } from '../../../shared/generated/matched-rule';
import type { MatchingTexts } from './matching-texts';

/** The page of a rule about a target record: the folder's rule page with ?id= of the target. */
export const ruleHref = (detail: string, rule: MatchedRule): string => `${detail}?id=${encodeURIComponent(rule.targetId)}`;

/**
 * One rule at a glance: its target's title (to the rule's page when there is one), whether it is
 * still open, the fields the folder shows, the deadline, the conditions, and the target's own page.
 */
export function RuleCard({
  rule,
  texts,
  detail,
  conditionsTitle,
}: {
  rule: MatchedRule;
  texts: MatchingTexts;
  detail?: string | undefined;
  conditionsTitle?: string;
}) {
  const title = detail ? <Link to={ruleHref(detail, rule)}>{rule.title}</Link> : rule.title;
  return (
    <Card
      className="kc-rule-card"
      title={<h3 className="kc-rule-title">{title}</h3>}
      extra={<Tag color={rule.open ? 'success' : 'default'}>{rule.open ? texts.open : texts.closed}</Tag>}
    >
      <Descriptions column={1} size="small">
        {rule.fields.map((field) => (
          <Descriptions.Item key={field.name} label={field.label}>
            {field.text}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={texts.deadline}>{rule.deadline ?? texts.noDeadline}</Descriptions.Item>
        <Descriptions.Item label={conditionsTitle ?? texts.conditions}>
          <ul className="kc-rule-conditions">
            {rule.conditions.map((condition) => (
              <li key={condition}>{condition}</li>
            ))}
          </ul>
        </Descriptions.Item>
      </Descriptions>
      {rule.href && <Link to={rule.href}>{texts.targetText}</Link>}
    </Card>
  );
}
