/**
 * The demo's financial supermarket: twenty products of made-up banks, guarantors and insurers of
 * 江城市, assembled from a lender, a kind of product and its terms, so each reads like a real offer
 * and none is copied from anywhere.
 */
const LENDERS: readonly { name: string; short: string }[] = [
  { name: '江城农村商业银行', short: '江城农商行' },
  { name: '江城银行科技支行', short: '江城银行' },
  { name: '楚天商业银行江城分行', short: '楚天银行' },
  { name: '江城科技融资担保有限公司', short: '江城科担' },
  { name: '汉江财产保险江城分公司', short: '汉江财险' },
];

const KINDS: readonly {
  type: string;
  guarantee: string;
  name: string;
  rate: string;
  audience: string;
  intro: string;
  amount: number;
  term: number;
}[] = [
  {
    type: 'credit-loan',
    guarantee: 'credit',
    name: '科创信用贷',
    rate: '年化3.45%起',
    audience: '成立满一年、纳税信用B级以上的科技型中小企业和高新技术企业。',
    intro: '纯信用、免抵押，依据企业研发投入、知识产权和纳税数据综合授信，线上申请、最快3个工作日放款，可随借随还。',
    amount: 500,
    term: 36,
  },
  {
    type: 'ip-loan',
    guarantee: 'ip',
    name: '知识产权质押贷',
    rate: '年化3.6%起',
    audience: '拥有有效发明专利、实用新型专利或注册商标的科技型企业。',
    intro: '以专利权、商标权出质，评估费由市级知识产权质押融资风险补偿资金承担，符合条件的可享受贴息。',
    amount: 1000,
    term: 36,
  },
  {
    type: 'talent-loan',
    guarantee: 'credit',
    name: '人才创业贷',
    rate: '年化3.2%起',
    audience: '入选市级以上人才计划的创业人才领办或核心参与的企业。',
    intro: '以人才信用为主授信，额度与人才层次挂钩，首年可申请全额贴息，支持人才项目落地初期的研发和运营资金需求。',
    amount: 300,
    term: 24,
  },
  {
    type: 'guarantee',
    guarantee: 'guarantor',
    name: '科技担保',
    rate: '担保费率1%/年',
    audience: '有银行融资需求但缺少抵押物的科技型中小企业。',
    intro: '由政府性融资担保机构提供担保，担保费率不高于1%，与合作银行分险，帮助企业获得银行贷款。',
    amount: 2000,
    term: 24,
  },
  {
    type: 'insurance',
    guarantee: 'credit',
    name: '研发费用损失保险',
    rate: '保费率0.8%起',
    audience: '开展研发活动、研发投入较大的科技型企业。',
    intro: '对研发失败造成的研发费用损失给予补偿，保费可申请市级科技保险补贴，降低企业创新风险。',
    amount: 800,
    term: 12,
  },
];

const SURNAMES = ['赵', '钱', '孙', '李', '周', '吴', '郑', '王'];
const GIVEN = ['经理', '主管', '专员'];

export function demoProducts(): Record<string, unknown>[] {
  const products: Record<string, unknown>[] = [];
  for (let n = 0; n < 20; n += 1) {
    const kind = KINDS[n % KINDS.length]!;
    const lender = LENDERS[(n + Math.floor(n / KINDS.length)) % LENDERS.length]!;
    const tier = Math.floor(n / KINDS.length);
    products.push({
      name: `${lender.short}·${kind.name}${['', '（成长版）', '（初创版）', '（专精特新版）'][tier] ?? ''}`,
      institution: lender.name,
      productType: kind.type,
      guarantee: kind.guarantee,
      maxAmount: kind.amount * [1, 2, 0.5, 1.5][tier]!,
      termMonths: kind.term,
      rate: kind.rate,
      audience: kind.audience,
      intro: kind.intro,
      contactName: `${SURNAMES[n % SURNAMES.length]}${GIVEN[n % GIVEN.length]}`,
      contactPhone: `027-8${String(3100000 + ((n * 7919) % 899999)).padStart(7, '0')}`,
    });
  }
  return products;
}
