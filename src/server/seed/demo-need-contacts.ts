/**
 * Demo 对接 requests (need-contact, issue 30 item 6): who writes about which published need, composed
 * from what the writer's organisation offers and the way of working together it proposes, so that each
 * need's owner finds a request under 收到的对接 and each writer theirs under 我的对接. Deterministic.
 */
export interface DemoNeedContact {
  /** The demo account that sends it. */
  from: string;
  /** The title of the published need it is about. */
  needTitle: string;
  offer: string;
  proposal: string;
  org: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}

export const DEMO_NEED_CONTACTS: readonly DemoNeedContact[] = [
  {
    from: 'member',
    needTitle: '工业设备预测性维护算法',
    offer: '我们的边缘采集网关已在三座储能电站做过振动监测试点，积累了轴承早期故障样本',
    proposal: '可提供采集硬件并与贵公司联合调试算法，希望约时间到现场查看设备',
    org: '晴川新能源科技有限公司',
    contactName: '刘畅',
    contactPhone: '13800000006',
    contactEmail: 'member@example.com',
  },
  {
    from: 'orgadmin',
    needTitle: '分布式光伏运维平台A轮融资',
    offer: '本公司在储能和光伏领域有产业投资计划，关注运维平台的电站接入规模和续约率',
    proposal: '拟以产业投资方身份参与本轮融资，请提供商业计划书和近两年财务数据',
    org: '晴川新能源科技有限公司',
    contactName: '赵磊',
    contactPhone: '13800000007',
    contactEmail: 'orgadmin@example.com',
  },
  {
    from: 'applicant',
    needTitle: '碳纤维复合材料回收再利用工艺',
    offer: '我们为无人机机身开发过碳纤维边角料的分选与表面处理设备',
    proposal: '可承担回收纤维的表面改性和再成型验证，希望共同申报市级技术攻关项目',
    org: '星河智能科技有限公司',
    contactName: '张伟',
    contactPhone: '13800000001',
    contactEmail: 'applicant@example.com',
  },
];

/** A request's record data for the need it is about (its id is the seeded need's). */
export function demoNeedContact(contact: DemoNeedContact, needId: string): Record<string, unknown> {
  return {
    needId,
    needTitle: contact.needTitle,
    message: `${contact.offer}。${contact.proposal}。`,
    org: contact.org,
    contactName: contact.contactName,
    contactPhone: contact.contactPhone,
    contactEmail: contact.contactEmail,
  };
}
