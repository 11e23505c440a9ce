/**
 * Demo technology needs (科技需求), composed from parts written for this portal: each need names a
 * field, what an enterprise wants solved, and a measurable target. Deterministic, so a demo database
 * looks the same on every machine.
 */
interface NeedPart {
  field: string;
  needType: string;
  subject: string;
  goal: string;
  budget: number;
}

const PARTS: readonly NeedPart[] = [
  {
    field: '08',
    needType: '1',
    subject: '注塑件表面缺陷视觉检测',
    goal: '对注塑外壳的缩痕、飞边和划伤自动识别，漏检率低于0.5%，单件检测不超过1.5秒，可接入现有产线PLC。',
    budget: 60,
  },
  {
    field: '06',
    needType: '1',
    subject: '磷酸铁锂电池低温性能提升',
    goal: '在零下20摄氏度条件下放电容量保持率达到85%以上，希望与高校联合开展电解液配方研究。',
    budget: 120,
  },
  {
    field: '02',
    needType: '1',
    subject: '小分子药物晶型筛选服务',
    goal: '完成候选化合物的多晶型筛选与稳定性评价，提供符合申报要求的晶型研究报告。',
    budget: 45,
  },
  {
    field: '01',
    needType: '4',
    subject: '嵌入式操作系统研发工程师引进',
    goal: '招聘3名熟悉实时操作系统内核与驱动开发的工程师，具备车规级项目经验者优先。',
    budget: 0,
  },
  {
    field: '04',
    needType: '1',
    subject: '高导热氮化铝陶瓷基板工艺优化',
    goal: '将基板热导率由170 W/(m·K)提升至200 W/(m·K)以上，翘曲度控制在0.1%以内。',
    budget: 90,
  },
  {
    field: '07',
    needType: '2',
    subject: '工业废水零排放示范项目融资',
    goal: '拟融资800万元用于园区印染废水零排放示范线建设，已取得环评批复，寻求股权或贷款合作。',
    budget: 800,
  },
  {
    field: '05',
    needType: '3',
    subject: '研发费用加计扣除政策辅导',
    goal: '希望了解委托研发和合作研发费用的归集口径，以及高新技术企业认定中研发费用的核算要求。',
    budget: 0,
  },
  {
    field: '03',
    needType: '5',
    subject: '无人机整机测试场地租用',
    goal: '需要具备空域审批条件的室外试飞场地约2000平方米，配套不少于200平方米的装配车间。',
    budget: 30,
  },
];

const COMPANIES = ['星河智能科技有限公司', '晴川新能源科技有限公司', '云帆微电子有限公司', '江城生物医药研究院有限公司'];
const CONTACTS = [
  { contactName: '张伟', contactPhone: '13800000001' },
  { contactName: '陈静', contactPhone: '13800000005' },
  { contactName: '周敏', contactPhone: '13600001111' },
];

/** The n-th demo need's record data (without the captcha, which is never stored). */
export function demoNeed(n: number, today: Date): Record<string, unknown> {
  const part = PARTS[n % PARTS.length]!;
  const contact = CONTACTS[n % CONTACTS.length]!;
  const due = new Date(today.getTime() + (120 + 30 * n) * 86_400_000);
  return {
    needTitle: part.subject,
    needType: part.needType,
    field: part.field,
    company: COMPANIES[n % COMPANIES.length],
    ...(part.budget > 0 ? { budget: part.budget } : {}),
    expectedDate: due.toISOString().slice(0, 10),
    ...contact,
    description: part.goal,
  };
}

export const DEMO_NEED_COUNT = PARTS.length;
