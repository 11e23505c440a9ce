/** Demo messages of the message board (在线留言), with the commission's replies where answered. */
export interface DemoMessage {
  data: Record<string, unknown>;
  reply?: string;
}

export const DEMO_MESSAGES: readonly DemoMessage[] = [
  {
    data: {
      messageType: '3',
      theme: '高新技术企业认定材料咨询',
      name: '张伟',
      phone: '13800000001',
      content: '今年高新技术企业认定的申报材料清单在哪里可以下载？知识产权需要提供哪些证明？',
    },
    reply: '您好，申报材料清单已在门户「通知公告」栏目发布。知识产权需提供授权证书及近一年的年费缴纳凭证，谢谢您的关注。',
  },
  {
    data: {
      messageType: '1',
      theme: '校企合作项目对接渠道',
      name: '张伟',
      phone: '13800000001',
      email: 'applicant@example.com',
      content: '我司希望与高校合作开展机器视觉算法研究，请问有哪些对接渠道？',
    },
  },
  {
    data: {
      messageType: '5',
      theme: '孵化器入驻条件',
      name: '陈静',
      phone: '13800000005',
      content: '初创团队入驻市级孵化器需要满足哪些条件？是否有租金减免政策？',
    },
    reply: '您好，市级孵化器对成立三年内的科技型企业开放，入驻首年可享受租金减免。具体条件请查看「孵化载体」栏目中各孵化器的入驻指南。',
  },
];
