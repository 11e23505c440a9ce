import type { TencentSmsConfig } from '../../config/sender-config';
import type { MessageTransport, OutgoingMessage } from '../delivery/message-transport';
import { signTc3 } from './tc3-signature';

const ACTION = 'SendSms';
const VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';
/** A provider that does not answer in this time is a failed attempt; the job retries. */
const TIMEOUT_MS = 15_000;

/** The portal's code texts say 验证码为 123456: the code is the code template's one parameter. */
const CODE = /验证码[^0-9]{0,6}([0-9]{4,8})/;

/** Mainland numbers in E.164, as PhoneNumberSet wants them; a number already with + is kept. */
function e164(phone: string): string {
  return phone.startsWith('+') ? phone : `+86${phone}`;
}

interface SendSmsResponse {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { Code?: string; Message?: string; SerialNo?: string }[];
    RequestId?: string;
  };
}

/**
 * Tencent Cloud SMS (API 3.0, SendSms) signed with TC3-HMAC-SHA256. Tencent sends only approved
 * templates, not free text: a text carrying a verification code goes out with the code template and the
 * code, any other text (the password-reset notice) with the notice template. The delivery id travels as
 * SessionContext, which Tencent echoes in its receipts, so a receipt leads back to the row.
 */
export function createTencentSmsTransport(config: TencentSmsConfig, now: () => Date = () => new Date()): MessageTransport {
  const endpoint = new URL(config.endpoint);
  return {
    kind: 'tencent',
    channel: 'sms',
    async deliver(message: OutgoingMessage) {
      const code = CODE.exec(message.text)?.[1];
      const templateId = code === undefined ? config.noticeTemplateId : config.codeTemplateId;
      if (templateId === undefined) throw new Error('no TENCENT_SMS_NOTICE_TEMPLATE_ID for a text without a verification code');
      const payload = JSON.stringify({
        PhoneNumberSet: [e164(message.recipient)],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: templateId,
        TemplateParamSet: code === undefined ? [] : [code],
        SessionContext: message.id,
      });
      const timestamp = Math.floor(now().getTime() / 1000);
      const { authorization } = signTc3({
        secretId: config.secretId,
        secretKey: config.secretKey,
        service: 'sms',
        host: endpoint.host,
        timestamp,
        payload,
        contentType: CONTENT_TYPE,
      });
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': CONTENT_TYPE,
          'X-TC-Action': ACTION,
          'X-TC-Version': VERSION,
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Region': config.region,
        },
        body: payload,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Tencent Cloud SMS answered HTTP ${response.status}`);
      const answer = (await response.json().catch(() => ({}))) as SendSmsResponse;
      // API 3.0 answers 200 with Response.Error for a refused call (bad signature, no balance…).
      const error = answer.Response?.Error;
      if (error) throw new Error(`Tencent Cloud SMS refused: ${error.Code ?? 'unknown'} ${error.Message ?? ''}`.trim());
      const status = answer.Response?.SendStatusSet?.[0];
      if (!status) throw new Error('Tencent Cloud SMS answered without a send status');
      if (status.Code !== 'Ok')
        throw new Error(`Tencent Cloud SMS did not send: ${status.Code ?? 'unknown'} ${status.Message ?? ''}`.trim());
      return status.SerialNo ? { providerMessageId: status.SerialNo } : {};
    },
  };
}
