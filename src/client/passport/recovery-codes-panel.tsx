import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSecondFactorTexts } from './second-factor-texts';

/**
 * The ten recovery codes, shown once after an enrolment (SECURITY R06, ADR 0067): copy, download as a text
 * file, then on. The server keeps only their hashes, so this is the one chance to keep them.
 */
export function RecoveryCodesPanel({ codes, onContinue }: { codes: readonly string[]; onContinue: () => void }) {
  const texts = useSecondFactorTexts();
  const [copied, setCopied] = useState(false);
  const text = `${texts.fileHeader}\n\n${codes.join('\n')}\n`;

  const copy = async (): Promise<void> => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };

  const download = (): void => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'kechuang-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="kc-recovery-codes">
      <Typography.Title level={5}>{texts.recoveryTitle}</Typography.Title>
      <Alert type="warning" showIcon message={texts.recoveryWarning} style={{ marginBottom: 16 }} />
      <ol aria-label={texts.recoveryTitle} style={{ columns: 2, fontFamily: 'monospace', fontSize: 15, paddingInlineStart: 24 }}>
        {codes.map((code) => (
          <li key={code} className="kc-recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => void copy()}>{copied ? texts.copied : texts.copyCodes}</Button>
        <Button onClick={download}>{texts.downloadCodes}</Button>
      </Space>
      <Button type="primary" block onClick={onContinue}>
        {texts.savedContinue}
      </Button>
    </div>
  );
}
