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
  /** Who publishes it; one of COMPANIES by turn when absent. */
  company?: string;
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
  // The needs hall's (issue 30 item 6): approved when seeded, so a visitor finds a full hall.
  {
    field: '01',
    needType: '1',
    subject: '工业设备预测性维护算法',
    goal: '基于振动与电流信号对空压机和水泵进行故障预警，提前72小时发现轴承早期故障，误报率低于5%。',
    budget: 80,
    company: '星河智能科技有限公司',
  },
  {
    field: '02',
    needType: '1',
    subject: '医用敷料抗菌涂层开发',
    goal: '开发银离子或壳聚糖类抗菌涂层，对金黄色葡萄球菌的抑菌率达到99%，并通过生物相容性评价。',
    budget: 70,
    company: '江城生物医药研究院有限公司',
  },
  {
    field: '04',
    needType: '1',
    subject: '碳纤维复合材料回收再利用工艺',
    goal: '对风电叶片和无人机机身的边角料进行热解回收，回收纤维的拉伸强度保持率不低于90%。',
    budget: 150,
    company: '晴川新能源科技有限公司',
  },
  {
    field: '06',
    needType: '2',
    subject: '分布式光伏运维平台A轮融资',
    goal: '拟融资3000万元用于运维平台研发和华中地区市场拓展，平台已接入电站超过1200座。',
    budget: 3000,
    company: '星河智能科技有限公司',
  },
  {
    field: '08',
    needType: '1',
    subject: '减速器摆线轮精密磨削工艺改进',
    goal: '将RV减速器摆线轮齿形误差控制在3微米以内、磨削效率提升30%，希望与高校合作开展工艺试验。',
    budget: 100,
    company: '华中精密传动有限公司',
  },
  {
    field: '05',
    needType: '4',
    subject: '专利运营与技术转移专员招聘',
    goal: '招聘2名理工科背景的专利代理师，负责高价值专利培育与许可谈判，有技术转移经验者优先。',
    budget: 0,
    company: '晴川新能源科技有限公司',
  },
  {
    field: '07',
    needType: '1',
    subject: '餐厨垃圾发酵沼渣资源化利用',
    goal: '将厌氧发酵后的沼渣加工为园林有机基质，重金属含量满足相关标准，日处理能力不低于50吨。',
    budget: 200,
    company: '绿源环境科技有限公司',
  },
  {
    field: '03',
    needType: '5',
    subject: '卫星载荷环境试验设备共享',
    goal: '需要热真空、振动和电磁兼容试验设备的使用时段，每年约60个工作日，可签订长期共享协议。',
    budget: 40,
    company: '云帆微电子有限公司',
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
    company: part.company ?? COMPANIES[n % COMPANIES.length],
    ...(part.budget > 0 ? { budget: part.budget } : {}),
    expectedDate: due.toISOString().slice(0, 10),
    ...contact,
    description: part.goal,
  };
}

export const DEMO_NEED_COUNT = PARTS.length;
