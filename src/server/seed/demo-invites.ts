/**
 * Demo invitations (邀请函): a roadshow, an exchange or a visit with its guests, written for this
 * portal. Guests carry the demo accounts' numbers where the demo should show 收到的邀请.
 */
interface InvitePart {
  inviteTitle: string;
  inviteType: string;
  eventPlace: string;
  agenda: string;
}

const PARTS: readonly InvitePart[] = [
  {
    inviteTitle: '智能视觉检测成果路演会',
    inviteType: '1',
    eventPlace: '江城市高新区创新大道88号科创中心三楼路演厅',
    agenda: '14:00 签到；14:30 三个项目路演；16:00 投资机构点评与自由交流。',
  },
  {
    inviteTitle: '新能源电池材料技术交流会',
    inviteType: '2',
    eventPlace: '江城大学材料学院学术报告厅',
    agenda: '09:30 开场；10:00 低温电解液研究进展报告；11:00 校企合作座谈。',
  },
  {
    inviteTitle: '智能制造示范车间参观',
    inviteType: '3',
    eventPlace: '星河智能科技有限公司二号厂房',
    agenda: '参观柔性装配线与数字孪生平台，随后就设备联网与数据采集开展交流。',
  },
  {
    inviteTitle: '集成电路封装项目专家评审会',
    inviteType: '4',
    eventPlace: '市科技大厦12楼第一会议室',
    agenda: '项目方汇报30分钟，专家质询20分钟，形成书面评审意见。',
  },
  {
    inviteTitle: '生物医药企业与临床机构对接洽谈',
    inviteType: '5',
    eventPlace: '江城生物医药产业园服务中心',
    agenda: '医院临床研究中心介绍合作需求，企业逐一洽谈临床试验合作。',
  },
];

const GUESTS = [
  { guestName: '刘洋', guestUnit: '江城大学材料科学与工程学院', guestPost: '教授', guestPhone: '13900001001' },
  { guestName: '黄丽娟', guestUnit: '江城市第一人民医院临床研究中心', guestPost: '主任', guestPhone: '13900001002' },
  { guestName: '赵文博', guestUnit: '江城创新投资有限公司', guestPost: '投资总监', guestPhone: '13900001003' },
  { guestName: '孙婷', guestUnit: '市生产力促进中心', guestPost: '高级工程师', guestPhone: '13900001004' },
];

/** The n-th demo invitation's record data; `addressed` adds a guest with that demo account's name and number. */
export function demoInvite(
  n: number,
  today: Date,
  hostOrg: string,
  addressed?: { guestName: string; guestUnit: string; guestPhone: string },
): Record<string, unknown> {
  const part = PARTS[n % PARTS.length]!;
  const date = new Date(today.getTime() + (14 + 7 * n) * 86_400_000);
  const guests: Record<string, string>[] = [GUESTS[n % GUESTS.length]!, GUESTS[(n + 1) % GUESTS.length]!];
  if (addressed) guests.push({ ...addressed, guestPost: '总经理' });
  return {
    ...part,
    hostOrg,
    eventDate: date.toISOString().slice(0, 10),
    guests,
    contactName: '周敏',
    contactPhone: '13600001111',
  };
}

export const DEMO_INVITE_COUNT = PARTS.length;
