import { describe, expect, it } from 'vitest';
import applicationWorkflow from '../../../schemas/workflows/application.workflow.json';
import { checkResourceFolder } from '../../../src/shared/resource/check-resource-folder';
import { checkWorkflow } from '../../../src/shared/resource/check-workflow';
import { fillNotice } from '../../../src/shared/resource/notify-template';
import { labBookingFiles } from './lab-booking-folder';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- mutating parsed fixture JSON

const shared = new Map<string, unknown>([['application', applicationWorkflow]]);
const problemsWith = (transition: string, notify: unknown, mutate: (files: Map<string, Json>) => void = () => undefined): string[] => {
  const files = labBookingFiles() as Map<string, Json>;
  files.get('workflow.json')!['transitions'][transition]['notify'] = notify;
  mutate(files);
  return checkResourceFolder('lab-booking', files, shared).map((problem) => `${problem.file}#${problem.pointer}: ${problem.message}`);
};
const owner = (message: string, extra: Record<string, unknown> = {}) => [
  { to: 'owner', message, messageEn: 'Your booking: {transition}.', ...extra },
];

describe('workflow notify (schemas:check)', () => {
  it('accepts the owner told of a decision with fields, the context names and channels, and the reviewers told of a submission', () => {
    expect(
      problemsWith(
        'approve',
        owner('您的{resource}「{subject}」已{transition}（{state}，{hours}小时）。{note}', { channels: ['sms', 'mail'] }),
      ),
    ).toEqual([]);
    expect(
      problemsWith('submit', [{ to: 'reviewers', message: '有新的{resource}待审核', messageEn: 'A {resource} waits for review' }]),
    ).toEqual([]);
  });

  it.each([
    [
      'a placeholder that is no field',
      owner('「{title}」已通过'),
      'workflow.json#/transitions/approve/notify/0/message: 占位符 {title} 不是 record.schema.json 的顶层字段',
    ],
    [
      'a file field',
      owner('附件 {approvalForm}'),
      'workflow.json#/transitions/approve/notify/0/message: 占位符 {approvalForm} 应是文本、数字或是否字段',
    ],
    [
      'an unknown channel',
      owner('已通过', { channels: ['wechat'] }),
      'workflow.json#/transitions/approve/notify/0/channels/0: 取值应为以下之一',
    ],
    [
      'an unknown recipient',
      [{ to: 'everyone', message: '已通过', messageEn: 'Approved' }],
      'workflow.json#/transitions/approve/notify/0/to: 取值应为以下之一',
    ],
    ['no English', [{ to: 'owner', message: '已通过' }], 'workflow.json#/transitions/approve/notify/0: 缺少必填属性 "messageEn"'],
    [
      "an organisation's administrators of a user's record",
      [{ to: 'orgAdmin', message: '已通过', messageEn: 'Approved' }],
      'workflow.json#/transitions/approve/notify/0/to: 通知单位管理员（orgAdmin）只适用于 owner 为 "organisation" 的资源',
    ],
    [
      'reviewers of a state nobody reviews',
      [{ to: 'reviewers', message: '已通过', messageEn: 'Approved' }],
      'workflow.json#/transitions/approve/notify/0/to: "approve" 到达的状态 "approved" 没有审核人（actor 为 "reviewer"）的后续操作',
    ],
  ])('refuses %s', (_, notify, expected) => {
    const problems = problemsWith('approve', notify);
    expect(
      problems.some((problem) => problem.startsWith(expected)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('refuses a personal number (x-mask) in a message, in either language', () => {
    const problems = problemsWith('approve', [{ to: 'owner', message: '已通过', messageEn: 'Call {contactPhone}' }], (f) => {
      f.get('record.schema.json')!['properties']['contactPhone']['x-mask'] = 'phone';
    });
    expect(problems).toEqual([
      'workflow.json#/transitions/approve/notify/0/messageEn: 占位符 {contactPhone} 是带 x-mask 的个人号码字段，不能写进通知（站内消息、短信和邮件会原样显示它）',
    ]);
  });

  it('refuses notify in a folder whose records a module keeps, unless that module writes the notices (applications)', () => {
    const withSource = JSON.parse(JSON.stringify(applicationWorkflow)) as Json;
    withSource['transitions']['approve']['notify'] = owner('已通过');
    expect(checkWorkflow('workflows/application.workflow.json', withSource)).toEqual([]);
    const problemsOf = (source: string): string[] => {
      const files = labBookingFiles() as Map<string, Json>;
      files.delete('workflow.json');
      files.get('resource.json')!['workflow'] = 'application';
      files.get('resource.json')!['source'] = source;
      return checkResourceFolder('lab-booking', files, new Map([['application', withSource]])).map((problem) => problem.message);
    };
    expect(problemsOf('messages').some((message) => message.includes('notify 不会生效'))).toBe(true);
    expect(problemsOf('applications').some((message) => message.includes('notify 不会生效'))).toBe(false);
  });

  it('fills a notice from the context first, then the record, leaving no braces behind', () => {
    expect(
      fillNotice('{resource}「{subject}」{note}{missing}{hours}', { resource: '预约', note: '' }, { subject: '显微镜', hours: 4 }),
    ).toBe('预约「显微镜」4');
  });
});
