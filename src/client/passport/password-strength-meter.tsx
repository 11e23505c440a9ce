import { Progress, Space, Typography } from 'antd';
import { passwordStrength, strengthLevel, type StrengthLevel } from '../../shared/rules/password-strength';
import { usePassportTexts } from './passport-texts';

const COLORS: Record<StrengthLevel, string> = { weak: '#ff4d4f', medium: '#faad14', strong: '#52c41a' };
// The bar fills at this score; the spec's formula has no upper bound.
const FULL_SCORE = 100;

/** The account settings' strength meter: spec §5's score (passwordStrength) in three bands. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const texts = usePassportTexts();
  const score = passwordStrength(password);
  const level = strengthLevel(score);
  const label = { weak: texts.strengthWeak, medium: texts.strengthMedium, strong: texts.strengthStrong }[level];
  return (
    <Space
      direction="vertical"
      size={0}
      style={{ width: '100%' }}
      className="kc-strength-meter"
      data-level={password ? level : 'empty'}
      data-score={score}
    >
      <Progress
        percent={Math.min(100, Math.round((score / FULL_SCORE) * 100))}
        showInfo={false}
        strokeColor={COLORS[level]}
        size="small"
        aria-label={texts.passwordStrength}
      />
      <Typography.Text type="secondary" className="kc-strength-label">
        {texts.passwordStrength}
        {texts.colon}
        {password ? label : '—'}
      </Typography.Text>
    </Space>
  );
}
