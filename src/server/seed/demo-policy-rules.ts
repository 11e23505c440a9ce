import type { RuleCondition } from '../../shared/matching/match-rule';

export interface DemoPolicyRule {
  /** The title of a published demo policy (demo-articles.ts). */
  policyTitle: string;
  qualifies: string;
  support: string;
  /** Days from the day of seeding to the deadline; negative: already closed; none: open all year. */
  deadlineInDays?: number;
  conditions: RuleCondition[];
}

/**
 * The demo's policy matching rules: for a dozen of the demo's policies, who qualifies, what support,
 * the deadline and the self-test conditions, written for the portal's made-up 江城市.
 */
export const DEMO_POLICY_RULES: readonly DemoPolicyRule[] = [
  {
    policyTitle: '江城市关于加快高新技术企业培育的若干措施',
    qualifies: '在本市注册成立一年以上、尚未认定为高新技术企业，研发投入占营业收入比例不低于3%并拥有自主知识产权的企业。',
    support: '入库培育企业给予最高20万元培育奖励；首次通过高新技术企业认定的，再给予30万元认定奖励。',
    deadlineInDays: 45,
    conditions: [
      { question: 'isHighTech', operator: 'isFalse' },
      { question: 'foundedYears', operator: 'atLeast', value: '1' },
      { question: 'rdRatio', operator: 'atLeast', value: '3' },
      { question: 'inventionPatents', operator: 'atLeast', value: '1' },
    ],
  },
  {
    policyTitle: '江城市企业研发投入后补助实施细则',
    qualifies: '上一年度研发费用占营业收入比例不低于3%、营业收入500万元以上的本市企业。',
    support: '按上一年度研发费用增量部分的10%给予后补助，单个企业最高200万元。',
    deadlineInDays: 60,
    conditions: [
      { question: 'rdRatio', operator: 'atLeast', value: '3' },
      { question: 'revenue', operator: 'atLeast', value: '500' },
    ],
  },
  {
    policyTitle: '江城市科技企业孵化器认定和管理办法（2026年修订）',
    qualifies: '在本市运营、孵化场地面积不少于3000平方米的科技企业孵化器和众创空间运营机构。',
    support: '新认定的国家级、省级、市级孵化器分别给予100万元、60万元、30万元奖励，并按绩效评价结果给予运营补助。',
    deadlineInDays: 30,
    conditions: [{ question: 'runsIncubator', operator: 'isTrue' }],
  },
  {
    policyTitle: '江城市科技创新券管理办法（2026年修订）',
    qualifies: '已入库的科技型中小企业，职工总数不超过500人。',
    support: '按购买研发设计、检验检测、技术转移等科技服务实际支出的50%给予创新券支持，每家企业每年最高30万元。',
    conditions: [
      { question: 'isTechSme', operator: 'isTrue' },
      { question: 'employees', operator: 'atMost', value: '500' },
    ],
  },
  {
    policyTitle: '江城市技术合同登记奖励实施细则（2026年修订）',
    qualifies: '上一年度在本市登记的技术合同成交额达到100万元以上的技术输出方企业、高校院所。',
    support: '按技术合同实际成交额的2%给予奖励，单个单位每年最高50万元。',
    deadlineInDays: 75,
    conditions: [{ question: 'techContracts', operator: 'atLeast', value: '100' }],
  },
  {
    policyTitle: '江城市关于支持科技型中小企业高质量发展的若干措施',
    qualifies: '职工总数不超过500人、年营业收入不超过2亿元、科技人员占比不低于10%的科技型中小企业。',
    support: '对首次入库的科技型中小企业给予5万元奖励，对研发投入增长较快的企业给予创新资金支持。',
    deadlineInDays: 20,
    conditions: [
      { question: 'employees', operator: 'atMost', value: '500' },
      { question: 'revenue', operator: 'atMost', value: '20000' },
      { question: 'rdStaffRatio', operator: 'atLeast', value: '10' },
    ],
  },
  {
    policyTitle: '江城市知识产权质押融资贴息管理办法',
    qualifies: '以有效发明专利等知识产权质押获得银行贷款的本市科技型企业。',
    support: '按贷款实际支付利息的50%给予贴息，单个企业每年最高50万元。',
    deadlineInDays: -10,
    conditions: [{ question: 'inventionPatents', operator: 'atLeast', value: '1' }],
  },
  {
    policyTitle: '东湖区关于促进科技成果转化的若干政策',
    qualifies: '注册在东湖区、上一年度技术合同成交额50万元以上的企业。',
    support: '对承接高校院所科技成果并在区内实现产业化的项目，按技术交易额的10%给予补助，最高100万元。',
    deadlineInDays: 40,
    conditions: [
      { question: 'district', operator: 'is', value: 'dh' },
      { question: 'techContracts', operator: 'atLeast', value: '50' },
    ],
  },
  {
    policyTitle: '西岭区关于加快高新技术企业培育的若干政策',
    qualifies: '注册在西岭区、尚未认定为高新技术企业、研发投入占比不低于3%的企业。',
    support: '首次认定为高新技术企业的，区级再给予20万元奖励。',
    deadlineInDays: 50,
    conditions: [
      { question: 'district', operator: 'is', value: 'xl' },
      { question: 'isHighTech', operator: 'isFalse' },
      { question: 'rdRatio', operator: 'atLeast', value: '3' },
    ],
  },
  {
    policyTitle: '江城临港新区关于鼓励企业加大研发投入的若干政策',
    qualifies: '注册在临港新区、研发费用占营业收入比例不低于2%的企业。',
    support: '按上一年度研发费用增量部分的10%给予补助，单个企业最高150万元。',
    deadlineInDays: 90,
    conditions: [
      { question: 'district', operator: 'is', value: 'lg' },
      { question: 'rdRatio', operator: 'atLeast', value: '2' },
    ],
  },
  {
    policyTitle: '江城市关于推进知识产权高质量发展的若干措施',
    qualifies: '拥有3件以上有效发明专利的本市企业。',
    support: '对新获国内发明专利授权的给予每件5000元资助，对知识产权示范企业给予30万元奖励。',
    conditions: [{ question: 'inventionPatents', operator: 'atLeast', value: '3' }],
  },
  {
    policyTitle: '江城高新区关于推动新型研发机构建设的若干政策',
    qualifies: '注册在高新区、从事电子信息、先进制造或新材料领域研发服务的新型研发机构。',
    support: '经备案的新型研发机构按上一年度研发投入的20%给予运营补助，最高500万元。',
    deadlineInDays: 35,
    conditions: [
      { question: 'district', operator: 'is', value: 'gx' },
      { question: 'techField', operator: 'oneOf', value: '01,08,04' },
    ],
  },
];
