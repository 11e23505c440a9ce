import type { ArticleKind, DemoCatalogName } from './demo-catalogs';

/**
 * Demo content of the portal's news and policies (资讯与政策) for the made-up city 江城市 in the
 * made-up province 江川省: calls for applications with their public lists and results, policy
 * documents (some already ended), interpretations of those policies, and news. Every text is
 * composed from the parts below, written for this portal, and every date is counted back from
 * `today`, so the lists look current whenever the demo is seeded, and the same on every machine
 * (no randomness: index arithmetic only).
 */
export type DemoArticle = { data: Record<string, unknown>; published: boolean };

/** How many articles, the last ones, stay drafts, so an editor's list has some to publish. */
export const DEMO_ARTICLE_DRAFTS = 3;

type Tag =
  'hightech' | 'sme' | 'rnd' | 'talent' | 'finance' | 'transfer' | 'ip' | 'incubator' | 'platform' | 'award' | 'integrity' | 'cooperation';

const DAY = 86_400_000;
/** The oldest an article may be, in days: inside the two years the portal's lists look back on. */
const WINDOW_DAYS = 720;

const pick = <T>(list: readonly T[], i: number): T => list[((i % list.length) + list.length) % list.length]!;
const yearOf = (at: number): number => new Date(at).getUTCFullYear();
const isoDate = (at: number): string => new Date(at).toISOString().slice(0, 10);
const cnDate = (at: number): string => `${yearOf(at)}年${new Date(at).getUTCMonth() + 1}月${new Date(at).getUTCDate()}日`;
const cnMonthDay = (at: number): string => `${new Date(at).getUTCMonth() + 1}月${new Date(at).getUTCDate()}日`;
function addMonths(at: number, months: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate());
}

// The HTML of a body: only tags of the rich text allowlist, no attributes but a link's https href.
const p = (text: string): string => `<p>${text}</p>`;
const h3 = (text: string): string => `<h3>${text}</h3>`;
const ol = (items: readonly string[]): string => `<ol>${items.map((item) => `<li>${item}</li>`).join('')}</ol>`;
const ul = (items: readonly string[]): string => `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
function table(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const headRow = `<tr>${head.map((cell) => `<th>${cell}</th>`).join('')}</tr>`;
  const bodyRows = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('');
  return `<table><thead>${headRow}</thead><tbody>${bodyRows}</tbody></table>`;
}

interface Agency {
  name: string;
  short: string;
  /** The prefix of its document numbers: 江科发 gives 江科发〔2026〕23号. */
  prefix: string;
  phone: string;
  address: string;
  /** Whom its notices address. */
  addressee: string;
}

const AGENCIES = {
  kw: {
    name: '江城市科学技术委员会',
    short: '市科委',
    prefix: '江科发',
    phone: '027-88881001',
    address: '江城市东湖区科创大道66号',
    addressee: '各区科技主管部门，各有关单位：',
  },
  cz: {
    name: '江城市财政局',
    short: '市财政局',
    prefix: '江财教',
    phone: '027-88881216',
    address: '江城市东湖区市民大道88号',
    addressee: '各区财政局、科技主管部门，各有关企业：',
  },
  rs: {
    name: '江城市人力资源和社会保障局',
    short: '市人社局',
    prefix: '江人社发',
    phone: '027-88881330',
    address: '江城市南湖区人才大道18号',
    addressee: '各区人力资源和社会保障局，各有关单位：',
  },
  zscq: {
    name: '江城市知识产权局',
    short: '市知识产权局',
    prefix: '江知发',
    phone: '027-88881452',
    address: '江城市东湖区市民大道90号',
    addressee: '各区知识产权主管部门，各有关企业：',
  },
  jr: {
    name: '江城市地方金融管理局',
    short: '市地方金融局',
    prefix: '江金发',
    phone: '027-88881578',
    address: '江城市北江区金融街9号',
    addressee: '各区金融工作部门，各有关企业：',
  },
  zf: {
    name: '江城市人民政府办公厅',
    short: '市政府办公厅',
    prefix: '江政办发',
    phone: '027-88881000',
    address: '江城市东湖区市民大道88号',
    addressee: '各区人民政府，市政府各部门：',
  },
  sz: {
    name: '江川省人民政府办公厅',
    short: '省政府办公厅',
    prefix: '川政办发',
    phone: '027-88880120',
    address: '江城市西岭区省府路1号',
    addressee: '各市人民政府，省政府各部门：',
  },
  skt: {
    name: '江川省科学技术厅',
    short: '省科技厅',
    prefix: '川科发',
    phone: '027-88880236',
    address: '江城市西岭区科苑路12号',
    addressee: '各市科技主管部门，各有关单位：',
  },
} satisfies Record<string, Agency>;
type AgencyKey = keyof typeof AGENCIES;

interface District {
  name: string;
  /** How its own documents name it. */
  titleName: string;
  agency: Agency;
}

const DISTRICT_PARTS = [
  ['东湖区', '东湖区', '江城市东湖区人民政府', '东政发', '东湖区科学技术局'],
  ['西岭区', '西岭区', '江城市西岭区人民政府', '西政发', '西岭区科学技术局'],
  ['南湖区', '南湖区', '江城市南湖区人民政府', '南政发', '南湖区科学技术局'],
  ['北江区', '北江区', '江城市北江区人民政府', '北政发', '北江区科学技术局'],
  ['高新区', '江城高新区', '江城高新技术产业开发区管理委员会', '江高管发', '江城高新区科技创新局'],
  ['临港新区', '江城临港新区', '江城临港新区管理委员会', '临港管发', '临港新区科技和经济发展局'],
  ['青山区', '青山区', '江城市青山区人民政府', '青政发', '青山区科学技术局'],
] as const;

const DISTRICTS: readonly District[] = DISTRICT_PARTS.map(([name, titleName, government, prefix, department], i) => ({
  name,
  titleName,
  agency: {
    name: government,
    short: department,
    prefix,
    phone: `027-8888${2101 + i * 111}`,
    address: `江城市${name}政务服务中心`,
    addressee: '区直各部门，各有关企业：',
  },
}));

const FIELDS = ['集成电路', '生物医药', '新能源汽车', '人工智能', '新材料', '高端装备', '光电子信息', '节能环保', '现代种业', '数字创意'];
const VENUES = ['区科技创新服务中心', '创新创业大厦', '科技会展中心', '区人才服务中心', '产业园综合服务楼'];
const PARTNERS = ['江城理工大学', '江城医科大学', '江川农业大学', '江川省科学院'];
const MEDIA = ['江城日报', '江城晚报', '江城广播电视台', '江川日报', '江川科技报'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '周'];
const COMPANY_HEADS = ['星河', '晴川', '云帆', '澜石', '青禾', '岚峰', '启衡', '北辰', '鸿渐', '知微', '拓远', '恒岳'];
const COMPANY_TAILS = [
  '智能科技有限公司',
  '生物医药有限公司',
  '新材料股份有限公司',
  '光电技术有限公司',
  '环保科技有限公司',
  '精密机械有限公司',
  '信息技术有限公司',
  '新能源科技有限公司',
];

const SERVICE_SITE = '江城市政务服务网“科技创新”专区';
/** Rarely a body links to the (made-up, reserved .example) service site. */
const serviceSite = (seed: number): string =>
  seed % 5 === 0 ? `<a href="https://zwfw.jiangcheng.example/kjcx">${SERVICE_SITE}</a>` : SERVICE_SITE;
const contact = (agency: Agency, office: string, seed: number): string =>
  `联系人：${agency.short}${office}${pick(SURNAMES, seed)}老师；联系电话：${agency.phone}；地址：${agency.address}。`;

/** A few made-up enterprises of a public list, with their district. */
function listRows(seed: number): string[][] {
  return [0, 1, 2].map((k) => [
    String(k + 1),
    `江城${pick(COMPANY_HEADS, seed + k * 5)}${pick(COMPANY_TAILS, seed * 3 + k)}`,
    pick(DISTRICTS, seed + k * 2).name,
  ]);
}

const NEXT_STEPS: Record<Tag, string> = {
  hightech: '下一步，将持续完善高新技术企业培育库，推动更多科技型企业向高新技术企业跃升。',
  sme: '下一步，将进一步优化科技型中小企业服务机制，扩大科技创新券等普惠政策的覆盖面。',
  rnd: '下一步，将继续落实研发投入激励政策，引导企业建立稳定增长的研发投入机制。',
  talent: '下一步，将持续优化人才服务保障，让各类人才在江城安心创业、放心创新。',
  finance: '下一步，将推动更多金融机构推出适合科技企业特点的产品，扩大科技信贷规模。',
  transfer: '下一步，将常态化开展成果对接活动，推动更多科技成果在本地转化落地。',
  ip: '下一步，将加强知识产权创造、运用和保护，助力企业提升核心竞争力。',
  incubator: '下一步，将推动孵化载体专业化、品牌化发展，提升孵化服务质量。',
  platform: '下一步，将加快布局建设一批高水平创新平台，增强产业技术供给能力。',
  award: '下一步，将进一步完善科技奖励制度，激发科技人员创新创造活力。',
  integrity: '下一步，将把科研诚信要求融入科技管理各环节，持续加强作风学风建设。',
  cooperation: '下一步，将深化与高校院所和国内外创新机构的合作，集聚更多创新资源。',
};

/** One article before it is numbered and rendered. */
interface Item {
  at: number;
  kind: ArticleKind;
  catalogName: DemoCatalogName;
  title: string;
  source: string;
  tags: readonly Tag[];
  summary: string;
  docPrefix?: string;
  docNumber?: string;
  validFrom?: number;
  validUntil?: number;
  policy?: PolicyDetail;
  body: (self: Item, cite: Cite) => string;
}

/**
 * How a text names the policy it rests on: 《title》（number） of the latest published version
 * issued by `at`, or '' when there was none yet (the text then speaks in general terms).
 */
type Cite = (title: string, at: number) => string;

// ---------------------------------------------------------------------------------------------
// Notices: for each programme a yearly cycle of a call, a public list and (for some) the result.

interface Programme {
  /** 关于{verb}{year}年度江城市{obj}的通知 */
  verb: string;
  obj: string;
  /** 关于{year}年度江城市{publicObj}的公示 */
  publicObj: string;
  /** 关于公布{year}年度江城市{resultObj}的公告 */
  resultObj?: string;
  unit: '项' | '家' | '人';
  agency: AgencyKey;
  office: string;
  tags: readonly Tag[];
  purpose: string;
  basis: string;
  conditions: readonly [string, string];
  support: (amount: number) => string;
  amount: number;
  materials: readonly [string, string];
}

const FIRST_CONDITION = '申报单位在江城市行政区域内注册，具有独立法人资格，经营状况良好';
const LAST_CONDITION = '申报单位近三年未被列入科研诚信严重失信行为记录名单，未发生重大安全、环保和质量事故';
const FIRST_MATERIAL = '营业执照（或法人证书）复印件';
const LAST_MATERIAL = '科研诚信承诺书';

const PROGRAMMES: readonly Programme[] = [
  {
    verb: '组织申报',
    obj: '科技型中小企业创新资金项目',
    publicObj: '科技型中小企业创新资金拟立项项目',
    resultObj: '科技型中小企业创新资金立项项目',
    unit: '项',
    agency: 'kw',
    office: '高新技术发展处',
    tags: ['sme', 'finance'],
    purpose: '引导科技型中小企业加大创新投入，提升自主创新能力和市场竞争力',
    basis: '江城市科技计划项目管理办法',
    conditions: [
      '已通过科技型中小企业评价并取得当年度入库登记编号，上一年度研发费用占营业收入的比例不低于5%',
      '申报项目具有明确的技术创新内容和可考核的经济技术指标，实施期一般不超过两年',
    ],
    support: (n) => `采取无偿资助方式，单个项目支持金额不超过${n}万元，立项后拨付70%，验收合格后拨付其余30%。`,
    amount: 50,
    materials: ['项目申报书（在线填报后导出，加盖单位公章）', '上一年度财务审计报告和与项目相关的知识产权证明材料'],
  },
  {
    verb: '组织开展',
    obj: '高新技术企业培育库入库工作',
    publicObj: '高新技术企业培育库拟入库企业名单',
    resultObj: '高新技术企业培育库入库企业名单',
    unit: '家',
    agency: 'kw',
    office: '高新技术发展处',
    tags: ['hightech', 'sme'],
    purpose: '壮大高新技术企业后备力量，推动更多科技型企业成长为高新技术企业',
    basis: '江城市关于加快高新技术企业培育的若干措施',
    conditions: [
      '主营业务属于国家重点支持的高新技术领域，拥有与主营产品相关的有效知识产权',
      '近一年研发费用占营业收入的比例不低于4%，科技人员占职工总数的比例不低于10%',
    ],
    support: (n) => `入库企业可享受一对一认定辅导服务；入库后三年内首次通过高新技术企业认定的，给予${n}万元一次性奖励。`,
    amount: 20,
    materials: ['高新技术企业培育库入库申请表', '上一年度研发费用辅助账、财务报表和知识产权证明材料'],
  },
  {
    verb: '组织申报',
    obj: '重点研发计划项目',
    publicObj: '重点研发计划拟立项项目',
    resultObj: '重点研发计划立项项目',
    unit: '项',
    agency: 'kw',
    office: '科技计划处',
    tags: ['rnd', 'platform'],
    purpose: '围绕本市主导产业的关键核心技术开展攻关，形成一批具有自主知识产权的技术和产品',
    basis: '江城市科技计划项目管理办法',
    conditions: [
      '项目须符合本年度项目指南的支持方向，研究目标明确、技术路线可行',
      '企业牵头的项目，自筹资金与申请财政资金的比例不低于2:1；项目负责人同期主持在研市级项目不超过1项',
    ],
    support: (n) => `采取前资助方式，单个项目支持金额不超过${n}万元，实施周期一般为2至3年。`,
    amount: 200,
    materials: ['项目申报书和可行性研究报告', '自筹资金承诺书；联合申报的须提供合作协议'],
  },
  {
    verb: '组织申报',
    obj: '科技成果转化项目',
    publicObj: '科技成果转化拟支持项目',
    unit: '项',
    agency: 'kw',
    office: '成果转化处',
    tags: ['transfer'],
    purpose: '打通科技成果从实验室走向生产线的关键环节，推动高校院所成果在本市落地转化',
    basis: '江城市关于促进科技成果转化的若干措施',
    conditions: [
      '转化的科技成果权属清晰，已取得专利授权或完成第三方技术评价',
      '已签订技术转让、许可或作价入股合同，并在本市完成技术合同登记',
    ],
    support: (n) => `按项目技术交易额和新增设备投入的20%给予补助，单个项目最高不超过${n}万元。`,
    amount: 100,
    materials: ['项目申报书和成果权属证明材料', '技术合同及技术合同登记证明'],
  },
  {
    verb: '组织申报',
    obj: '企业研发投入后补助资金',
    publicObj: '企业研发投入后补助拟补助企业名单',
    resultObj: '企业研发投入后补助资金分配结果',
    unit: '家',
    agency: 'cz',
    office: '教科文处',
    tags: ['rnd', 'finance'],
    purpose: '激励企业持续加大研发投入，提高全社会研发投入强度',
    basis: '江城市企业研发投入后补助实施细则',
    conditions: ['上一年度已享受研发费用税前加计扣除政策，且研发费用较前一年度有所增长', '按要求报送科技统计报表，并建立研发费用辅助账'],
    support: (n) => `按企业上一年度研发费用增量部分的10%给予后补助，单个企业最高不超过${n}万元。`,
    amount: 300,
    materials: ['后补助申请表和上一年度企业所得税年度纳税申报表', '研发费用专项审计报告'],
  },
  {
    verb: '组织申报',
    obj: '“江城英才计划”创新人才项目',
    publicObj: '“江城英才计划”创新人才拟入选人员名单',
    resultObj: '“江城英才计划”创新人才入选人员名单',
    unit: '人',
    agency: 'rs',
    office: '人才开发处',
    tags: ['talent'],
    purpose: '集聚一批能够突破关键技术、带动新兴产业发展的创新人才',
    basis: '江城市关于加快引进培育高层次创新人才的若干措施',
    conditions: [
      '申报人一般不超过50周岁，具有博士学位或正高级专业技术职称',
      '申报人与本市用人单位签订3年以上全职劳动合同，近五年取得具有较大影响的创新成果',
    ],
    support: (n) => `入选人才给予${n}万元安家补贴，分三年发放；用人单位按人才实际获得补贴的50%给予配套。`,
    amount: 100,
    materials: ['人才项目申报书及学历学位、职称证书复印件', '劳动合同、社保缴纳证明和代表性成果证明材料'],
  },
  {
    verb: '开展',
    obj: '科技企业孵化器和众创空间认定工作',
    publicObj: '科技企业孵化器和众创空间拟认定名单',
    resultObj: '科技企业孵化器和众创空间认定名单',
    unit: '家',
    agency: 'kw',
    office: '创新创业服务处',
    tags: ['incubator'],
    purpose: '完善创新创业孵化服务体系，培育更多科技型初创企业',
    basis: '江城市科技企业孵化器认定和管理办法',
    conditions: [
      '孵化场地面积不低于3000平方米（众创空间不低于500平方米），在孵企业不少于30家',
      '配备不少于3名专职孵化服务人员，并聘有一定数量的创业导师',
    ],
    support: (n) => `对新认定的市级科技企业孵化器给予${n}万元一次性奖励，新认定的市级众创空间按孵化器奖励标准的一半给予奖励。`,
    amount: 50,
    materials: ['认定申请书及场地产权证明或租赁合同', '在孵企业名册、入孵协议和上一年度孵化服务工作总结'],
  },
  {
    verb: '组织申报',
    obj: '工程技术研究中心建设项目',
    publicObj: '工程技术研究中心拟组建名单',
    resultObj: '工程技术研究中心组建名单',
    unit: '家',
    agency: 'kw',
    office: '平台建设处',
    tags: ['platform', 'rnd'],
    purpose: '依托行业骨干企业建设一批工程化研究和试验验证平台，提升产业技术创新能力',
    basis: '江城市工程技术研究中心建设与运行管理办法',
    conditions: [
      '依托单位为高新技术企业或规模以上工业企业，专职研发人员不少于15人',
      '研发仪器设备原值不低于500万元，近三年获得发明专利授权不少于3项',
    ],
    support: (n) => `建设期两年，验收合格后给予${n}万元后补助，用于研发条件建设和人才培养。`,
    amount: 100,
    materials: ['工程技术研究中心建设方案', '研发人员名册、研发仪器设备清单和知识产权证明材料'],
  },
  {
    verb: '开展',
    obj: '新型研发机构备案工作',
    publicObj: '拟备案新型研发机构名单',
    unit: '家',
    agency: 'kw',
    office: '平台建设处',
    tags: ['platform', 'transfer'],
    purpose: '培育一批投资主体多元、运行机制灵活的新型研发机构，增强产业共性技术供给',
    basis: '江城市关于推动新型研发机构建设的若干措施',
    conditions: [
      '主要从事研究开发、成果转化和科技企业孵化等活动，具有独立法人资格',
      '上一年度研发经费支出占年收入的比例不低于30%，常驻研发人员不少于30人',
    ],
    support: (n) => `对新备案的新型研发机构，根据上一年度研发投入和技术服务收入情况，给予最高${n}万元运行经费补助。`,
    amount: 200,
    materials: ['新型研发机构备案申请表和机构章程', '上一年度审计报告及研发人员名册'],
  },
  {
    verb: '做好',
    obj: '科学技术奖提名工作',
    publicObj: '科学技术奖拟奖项目',
    resultObj: '科学技术奖获奖项目',
    unit: '项',
    agency: 'kw',
    office: '成果与奖励处',
    tags: ['award'],
    purpose: '奖励在科学研究、技术创新和成果转化中作出突出贡献的单位和个人',
    basis: '江城市科学技术奖励办法',
    conditions: [
      '主要完成单位在本市注册或主要完成人在本市工作，成果已应用满一年并取得显著效益',
      '提名项目不存在知识产权和完成单位、完成人排序等方面的争议',
    ],
    support: (n) => `市科学技术奖设一等奖、二等奖、三等奖，一等奖每项奖金${n}万元，二等奖、三等奖的奖金分别为一等奖的一半和四分之一。`,
    amount: 20,
    materials: ['提名书及主要完成人情况表', '成果应用证明、经济社会效益证明和知识产权等客观评价材料'],
  },
  {
    verb: '组织申报',
    obj: '知识产权质押融资贴息资金',
    publicObj: '知识产权质押融资拟贴息企业名单',
    resultObj: '知识产权质押融资贴息企业名单',
    unit: '家',
    agency: 'zscq',
    office: '知识产权运用促进处',
    tags: ['ip', 'finance'],
    purpose: '缓解科技型企业融资难题，促进知识产权价值实现',
    basis: '江城市知识产权质押融资贴息管理办法',
    conditions: ['以本企业拥有的有效专利权、商标权等知识产权作质押，获得合作银行贷款', '贷款已按期足额付息，未发生逾期或违约'],
    support: (n) => `按企业实际支付贷款利息的50%给予贴息，单个企业年度贴息金额不超过${n}万元。`,
    amount: 30,
    materials: ['贴息申请表和知识产权质押登记通知书', '借款合同和银行付息凭证'],
  },
  {
    verb: '组织申报',
    obj: '科技保险保费补贴',
    publicObj: '科技保险保费拟补贴企业名单',
    unit: '家',
    agency: 'jr',
    office: '金融服务处',
    tags: ['finance', 'sme'],
    purpose: '分散企业研发和成果转化过程中的风险，支持企业大胆创新',
    basis: '江城市关于深化科技金融融合的若干措施',
    conditions: ['上一年度在合作保险机构投保研发费用损失险、关键研发设备险等科技保险险种', '保费已实际缴纳，保单在保险期内未退保'],
    support: (n) => `按企业实际缴纳保费的50%给予补贴，单个企业年度补贴金额不超过${n}万元。`,
    amount: 20,
    materials: ['保费补贴申请表', '保险合同和保费缴纳凭证'],
  },
  {
    verb: '组织申报',
    obj: '国际科技合作项目',
    publicObj: '国际科技合作拟立项项目',
    resultObj: '国际科技合作立项项目',
    unit: '项',
    agency: 'kw',
    office: '对外科技合作处',
    tags: ['cooperation', 'rnd'],
    purpose: '支持企业和科研机构开展国际科技合作，引进消化吸收先进技术',
    basis: '江城市关于扩大科技开放合作的若干措施',
    conditions: [
      '已与境外高校、科研机构或企业签订合作协议，合作内容和知识产权归属明确',
      '中方单位具有较好的研发基础，并组建不少于5人的合作研究团队',
    ],
    support: (n) => `单个项目支持金额不超过${n}万元，重点支持联合研发、技术引进消化吸收和国际联合实验室建设。`,
    amount: 80,
    materials: ['项目申报书', '合作协议（外文协议须附中文译本）'],
  },
  {
    verb: '组织申报',
    obj: '产学研合作项目',
    publicObj: '产学研合作拟立项项目',
    unit: '项',
    agency: 'kw',
    office: '成果转化处',
    tags: ['cooperation', 'transfer'],
    purpose: '引导企业与高校院所开展联合研发，推动创新链与产业链深度融合',
    basis: '江城市关于促进产学研深度融合的若干措施',
    conditions: ['企业与高校院所签订技术开发合同并完成技术合同登记', '合同约定的研发经费已实际支付不少于50%'],
    support: (n) => `按企业实际支付给合作高校院所研发经费的30%给予补助，单个项目最高不超过${n}万元。`,
    amount: 60,
    materials: ['项目申报书', '技术开发合同、技术合同登记证明和付款凭证'],
  },
  {
    verb: '组织申领',
    obj: '科技创新券',
    publicObj: '科技创新券拟兑付企业名单',
    resultObj: '科技创新券兑付企业名单',
    unit: '家',
    agency: 'kw',
    office: '创新创业服务处',
    tags: ['sme'],
    purpose: '降低科技型中小企业的创新成本，激活科技服务市场',
    basis: '江城市科技创新券管理办法',
    conditions: [
      '已通过科技型中小企业评价，或为入驻市级以上孵化载体的初创企业',
      '上一年度营业收入不超过2亿元，且无未按期办理的创新券结算事项',
    ],
    support: (n) => `创新券用于购买检验检测、研发设计、技术咨询等科技服务，单个企业年度申领额度不超过${n}万元，按服务合同金额的50%抵扣。`,
    amount: 20,
    materials: ['创新券申领表', '企业基本情况表和上一年度财务报表'],
  },
  {
    verb: '开展',
    obj: '博士后创新实践基地设站申报工作',
    publicObj: '拟新设博士后创新实践基地名单',
    resultObj: '新设博士后创新实践基地名单',
    unit: '家',
    agency: 'rs',
    office: '专业技术人员管理处',
    tags: ['talent', 'platform'],
    purpose: '发挥博士后制度培养创新人才的作用，支持企业集聚高层次研发人才',
    basis: '江城市关于加快引进培育高层次创新人才的若干措施',
    conditions: ['设站单位研发能力较强，近三年研发投入年均不低于300万元', '有明确的博士后研究课题和不少于2名具有副高级以上职称的合作导师'],
    support: (n) => `对新设立的博士后创新实践基地给予${n}万元建站资助，并按招收博士后研究人员的数量给予日常经费资助。`,
    amount: 30,
    materials: ['设站申请表', '研究课题计划书和合作导师情况表'],
  },
  {
    verb: '组织开展',
    obj: '技术转移示范机构评定工作',
    publicObj: '技术转移示范机构拟评定名单',
    unit: '家',
    agency: 'kw',
    office: '成果转化处',
    tags: ['transfer'],
    purpose: '培育专业化的技术转移服务机构，提升科技成果转化服务水平',
    basis: '江城市关于促进科技成果转化的若干措施',
    conditions: ['开展技术转移服务满两年，拥有不少于5名专职技术经理人', '上一年度促成技术交易合同不少于20项，技术交易额不低于2000万元'],
    support: (n) => `对新评定的市级技术转移示范机构给予${n}万元一次性奖励，并按年度促成的技术交易额给予绩效奖励。`,
    amount: 30,
    materials: ['评定申请表', '技术转移服务合同清单和上一年度工作总结'],
  },
  {
    verb: '组织申报',
    obj: '专利导航项目',
    publicObj: '专利导航拟立项项目',
    resultObj: '专利导航立项项目',
    unit: '项',
    agency: 'zscq',
    office: '知识产权运用促进处',
    tags: ['ip', 'rnd'],
    purpose: '发挥专利信息对产业发展和企业决策的引导作用',
    basis: '江城市关于推进知识产权高质量发展的若干措施',
    conditions: ['具有明确的产业或产品专利导航需求，并确定专门的项目团队', '委托开展专利导航的，服务机构应具有相应的专业能力和工作经验'],
    support: (n) => `单个项目支持金额不超过${n}万元，用于开展产业或企业专利导航分析及成果运用。`,
    amount: 40,
    materials: ['项目申报书', '专利导航实施方案；委托实施的须提供服务合同'],
  },
];

const callTitle = (pg: Programme, year: number): string => `关于${pg.verb}${year}年度江城市${pg.obj}的通知`;

function callItem(pg: Programme, year: number, at: number, seed: number): Item {
  const agency = AGENCIES[pg.agency];
  const deadline = at + (30 + ((seed * 3) % 20)) * DAY;
  return {
    at,
    kind: 'notice',
    catalogName: '申报通知',
    title: callTitle(pg, year),
    source: agency.name,
    tags: pg.tags,
    docPrefix: agency.prefix,
    summary: `现将${year}年度江城市${pg.obj}有关事项通知如下：${pg.support(pg.amount)}申报截止时间为${cnDate(deadline)}。`,
    body: (_self, cite) =>
      [
        p(agency.addressee),
        p(`为${pg.purpose}，根据${cite(pg.basis, at) || '本市科技创新政策'}有关规定，现将${year}年度江城市${pg.obj}有关事项通知如下。`),
        h3('一、申报条件'),
        ol([FIRST_CONDITION, ...pg.conditions, LAST_CONDITION]),
        h3('二、支持方式'),
        p(pg.support(pg.amount)),
        h3('三、申报材料'),
        ul([FIRST_MATERIAL, ...pg.materials, LAST_MATERIAL]),
        h3('四、申报时间及方式'),
        p(
          `请申报单位于${cnDate(at)}至${cnDate(deadline)}登录${serviceSite(seed)}在线填报，并将加盖公章的纸质材料一式两份报送所在区主管部门。` +
            `各区主管部门审核推荐后，于${cnDate(deadline + 7 * DAY)}前报送${agency.short}，逾期不予受理。`,
        ),
        h3('五、联系方式'),
        p(contact(agency, pg.office, seed)),
      ].join(''),
  };
}

function publicItem(pg: Programme, year: number, at: number, seed: number): Item {
  const agency = AGENCIES[pg.agency];
  const count = 12 + ((seed * 7) % 40);
  const ends = at + 6 * DAY;
  return {
    at,
    kind: 'notice',
    catalogName: '公示公告',
    title: `关于${year}年度江城市${pg.publicObj}的公示`,
    source: agency.name,
    tags: pg.tags,
    summary: `经形式审查、专家评审和综合评议，拟确定${year}年度江城市${pg.publicObj}共${count}${pg.unit}，现予以公示，公示期至${cnDate(ends)}。`,
    body: () =>
      [
        p(
          `根据《${callTitle(pg, year)}》要求，经形式审查、专家评审和综合评议，拟确定${year}年度江城市${pg.publicObj}共${count}${pg.unit}，现予以公示。部分名单如下：`,
        ),
        table(['序号', '申报单位', '所在区'], listRows(seed)),
        p(
          `公示期为${cnDate(at)}至${cnDate(ends)}。公示期间，任何单位和个人对公示内容有异议的，可以书面形式向${agency.short}${pg.office}反映。` +
            '单位提出异议的须加盖公章，个人提出异议的须署真实姓名并提供联系方式，逾期不予受理。',
        ),
        p(`完整名单可在${serviceSite(seed + 1)}查询。`),
        p(contact(agency, pg.office, seed)),
      ].join(''),
  };
}

function resultItem(pg: Programme, resultObj: string, year: number, at: number, seed: number): Item {
  const agency = AGENCIES[pg.agency];
  const count = 12 + ((seed * 7) % 40) - (seed % 3);
  return {
    at,
    kind: 'notice',
    catalogName: '公示公告',
    title: `关于公布${year}年度江城市${resultObj}的公告`,
    source: agency.name,
    tags: pg.tags,
    docPrefix: agency.prefix,
    summary: `经专家评审和社会公示，现公布${year}年度江城市${resultObj}，共${count}${pg.unit}。`,
    body: (_self, cite) =>
      [
        p(
          `根据${cite(pg.basis, at) || '本市有关政策规定'}和${year}年度申报通知要求，经专家评审、社会公示等程序，现将${year}年度江城市${resultObj}予以公布，共${count}${pg.unit}。部分名单如下：`,
        ),
        table(['序号', '申报单位', '所在区'], listRows(seed)),
        p(`请各区主管部门及时通知有关单位，按要求做好后续实施和资金使用管理工作。${agency.short}将对实施情况开展跟踪管理和绩效评价。`),
        p(contact(agency, pg.office, seed)),
      ].join(''),
  };
}

/** The programmes' cycles that fall inside the window: a call, its public list some months later, then the result. */
function programmeNotices(today0: number): Item[] {
  const items: Item[] = [];
  const inWindow = (at: number): boolean => at <= today0 && today0 - at <= WINDOW_DAYS * DAY;
  PROGRAMMES.forEach((pg, i) => {
    for (let year = yearOf(today0) - 2; year <= yearOf(today0); year += 1) {
      const call = Date.UTC(year, (i * 5) % 9, 3 + ((i * 7) % 22));
      const listed = call + (75 + ((i * 11) % 40)) * DAY;
      const result = listed + (12 + (i % 9)) * DAY;
      const seed = i * 31 + year;
      if (inWindow(call)) items.push(callItem(pg, year, call, seed));
      if (inWindow(listed)) items.push(publicItem(pg, year, listed, seed));
      if (pg.resultObj && inWindow(result)) items.push(resultItem(pg, pg.resultObj, year, result, seed));
    }
  });
  return items;
}

interface GeneralNotice {
  title: (year: number, quarter: number) => string;
  agency: AgencyKey;
  office: string;
  tags: readonly Tag[];
  purpose: string;
  tasks: readonly [string, string, string];
  timing: string;
  numbered: boolean;
}

const GENERAL_NOTICES: readonly GeneralNotice[] = [
  {
    title: (y, q) => `关于举办${y}年第${q}期科技政策“云课堂”的通知`,
    agency: 'kw',
    office: '政策法规处',
    tags: ['sme', 'hightech'],
    numbered: false,
    purpose: '帮助企业及时了解和用好各项科技创新政策',
    tasks: [
      '解读科技型中小企业评价和高新技术企业认定的最新要求',
      '讲解研发费用加计扣除政策的适用范围和归集口径',
      '介绍市级科技计划项目的申报流程和常见问题',
    ],
    timing: '课程采用线上直播方式进行，请参训人员提前在江城市科技政务服务平台报名，直播结束后提供回放。',
  },
  {
    title: (y) => `关于开展${y}年度科技统计调查工作的通知`,
    agency: 'kw',
    office: '发展规划处',
    tags: ['rnd'],
    numbered: true,
    purpose: '全面掌握本市企业和科研机构的研发活动情况，为制定科技政策提供依据',
    tasks: [
      '规模以上工业企业和重点服务业企业填报研究开发活动情况表',
      '高等学校、科研院所填报科技活动基本情况表',
      '各区科技主管部门负责本辖区报表的审核和催报',
    ],
    timing: '请各填报单位于本通知印发之日起30日内完成网上填报。',
  },
  {
    title: (y) => `关于开展${y}年度科研诚信自查工作的通知`,
    agency: 'kw',
    office: '监督评估处',
    tags: ['integrity'],
    numbered: true,
    purpose: '进一步加强科研作风学风建设，营造风清气正的科研环境',
    tasks: [
      '对近三年承担的市级科技计划项目开展经费使用情况自查',
      '对项目申报材料、验收材料的真实性进行核查',
      '对发现的问题建立整改台账，明确责任人和整改时限',
    ],
    timing: '请各单位于本通知印发之日起45日内完成自查，并将加盖公章的自查报告报送市科委。',
  },
  {
    title: (y) => `关于征集${y}年度江城市科技计划项目指南建议的通知`,
    agency: 'kw',
    office: '科技计划处',
    tags: ['rnd', 'platform'],
    numbered: false,
    purpose: '提高科技计划项目指南编制的科学性和针对性，更好地支撑本市产业发展',
    tasks: [
      '围绕本市主导产业和未来产业，提出需要攻克的关键核心技术',
      '建议须包括研究内容、考核指标和预期成效，篇幅不超过2000字',
      '鼓励企业联合高校院所共同提出建议',
    ],
    timing: '征集时间为本通知印发之日起一个月，请通过江城市科技政务服务平台在线提交。',
  },
  {
    title: (y, q) => `关于举办${y}年第${q}期技术经纪人培训班的通知`,
    agency: 'kw',
    office: '成果转化处',
    tags: ['transfer'],
    numbered: false,
    purpose: '加强技术转移人才队伍建设，提升科技成果转化服务能力',
    tasks: [
      '培训对象为技术转移机构、高校院所和企业从事成果转化工作的人员',
      '培训内容包括技术合同、知识产权运营和成果评价等课程',
      '考核合格的学员将获得技术经纪人培训合格证书',
    ],
    timing: '培训为期3天，采用集中授课和案例研讨相结合的方式，请于开班前10日完成报名。',
  },
  {
    title: (y, q) => `关于发布江城市科技创新券服务机构名录（第${(y % 10) * 4 + q}批）的公告`,
    agency: 'kw',
    office: '创新创业服务处',
    tags: ['sme'],
    numbered: true,
    purpose: '方便企业使用科技创新券购买科技服务',
    tasks: [
      '名录内机构可提供检验检测、研发设计、技术咨询等服务',
      '企业可在名录中自主选择服务机构并签订服务合同',
      '服务机构应如实开具发票，不得虚构服务内容套取创新券资金',
    ],
    timing: '名录自发布之日起生效，实行动态管理，考核不合格的机构将移出名录。',
  },
  {
    title: (y) => `关于开展${y}年度科技企业孵化器绩效评价工作的通知`,
    agency: 'kw',
    office: '创新创业服务处',
    tags: ['incubator'],
    numbered: true,
    purpose: '引导孵化载体提升专业化服务能力，发挥绩效评价的激励作用',
    tasks: [
      '评价对象为运营满一年的市级以上科技企业孵化器和众创空间',
      '评价内容包括服务能力、孵化绩效和可持续发展三个方面',
      '评价结果分为优秀、良好、合格和不合格四个等次',
    ],
    timing: '请各孵化载体于本通知印发之日起20日内提交绩效评价材料，逾期视为放弃参评。',
  },
  {
    title: (y) => `关于开展${y}年度工程技术研究中心运行评估工作的通知`,
    agency: 'kw',
    office: '平台建设处',
    tags: ['platform'],
    numbered: true,
    purpose: '掌握市级工程技术研究中心的建设和运行情况，促进平台规范运行',
    tasks: [
      '评估对象为组建满三年的市级工程技术研究中心',
      '评估内容包括研发投入、成果产出、人才队伍和开放服务等情况',
      '连续两次评估不合格的，撤销其市级工程技术研究中心资格',
    ],
    timing: '请各依托单位于本通知印发之日起30日内提交运行情况报告。',
  },
  {
    title: (y) => `关于开展${y}年度知识产权优势企业培育工作的通知`,
    agency: 'zscq',
    office: '知识产权运用促进处',
    tags: ['ip'],
    numbered: true,
    purpose: '引导企业提升知识产权创造、运用、保护和管理能力',
    tasks: [
      '培育对象为拥有有效发明专利5件以上的本市企业',
      '培育企业应建立知识产权管理制度，并配备专职管理人员',
      '培育期满考核合格的企业认定为市知识产权优势企业',
    ],
    timing: '请有意参加培育的企业于本通知印发之日起一个月内在线提交申请。',
  },
  {
    title: (y) => `关于做好${y}年度高层次人才安家补贴发放工作的通知`,
    agency: 'rs',
    office: '人才开发处',
    tags: ['talent', 'finance'],
    numbered: true,
    purpose: '落实高层次人才安家补贴政策，做好补贴资金的审核和发放',
    tasks: [
      '发放对象为已认定且在本市全职工作的高层次人才',
      '用人单位负责核实人才在岗情况，并汇总提交发放申请',
      '补贴资金由市财政直接拨付至人才本人银行账户',
    ],
    timing: '请各用人单位于本通知印发之日起20个工作日内完成申请材料的报送。',
  },
];

function generalNotices(today0: number): Item[] {
  return GENERAL_NOTICES.map((notice, i): Item => {
    const at = today0 - (15 + Math.floor((i * 690) / GENERAL_NOTICES.length) + ((i * 13) % 17)) * DAY;
    const year = yearOf(at);
    const title = notice.title(year, Math.floor(new Date(at).getUTCMonth() / 3) + 1);
    const agency = AGENCIES[notice.agency];
    const word = title.endsWith('公告') ? '公告' : '通知';
    return {
      at,
      kind: 'notice',
      catalogName: '通知公告',
      title,
      source: agency.name,
      tags: notice.tags,
      ...(notice.numbered ? { docPrefix: agency.prefix } : {}),
      summary: `为${notice.purpose}，${agency.short}现就有关事项作出安排：${notice.tasks.join('；')}。`,
      body: () =>
        [
          p(agency.addressee),
          p(`为${notice.purpose}，现将有关事项${word}如下。`),
          h3('一、工作内容'),
          ol(notice.tasks.map((task) => `${task}。`)),
          h3('二、时间安排'),
          p(notice.timing),
          h3('三、联系方式'),
          p(contact(agency, notice.office, i)),
        ].join(''),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Policies: measures of a topic at the provincial, municipal and district level, the city's
// regulations (some revised), and its action plans.

interface Point {
  item: string;
  text: string;
}

interface Measure {
  item: string;
  /** The amount in 万元 at the municipal level (0: no money involved). */
  n: number;
  text: (n: number, place: string) => string;
}

interface Topic {
  act: string;
  owner: AgencyKey;
  tags: readonly Tag[];
  purpose: string;
  scope: (place: string) => string;
  measures: readonly Measure[];
}

const enterprisesIn = (place: string): string => `在${place}注册的企业、高等学校、科研院所和新型研发机构。`;

const TOPICS: readonly Topic[] = [
  {
    act: '促进科技成果转化',
    owner: 'kw',
    tags: ['transfer', 'cooperation'],
    purpose: '加快科技成果向现实生产力转化，提升创新体系整体效能',
    scope: (pl) => `在${pl}注册的企业、高等学校、科研院所、新型研发机构和技术转移服务机构。`,
    measures: [
      {
        item: '技术交易奖励',
        n: 100,
        text: (n, pl) => `对在${pl}登记的技术开发、技术转让合同，按年度技术交易额的2%给予技术输出方奖励，单个单位每年最高${n}万元。`,
      },
      {
        item: '成果落地补助',
        n: 200,
        text: (n, pl) => `高等学校、科研院所的科技成果在${pl}实施产业化的，按项目实际投资额的10%给予补助，最高${n}万元。`,
      },
      {
        item: '中试平台建设',
        n: 300,
        text: (n) => `支持企业和高校院所建设概念验证中心和中试基地，经评估认定的，给予最高${n}万元建设补助。`,
      },
      {
        item: '技术经理人奖励',
        n: 10,
        text: (n) => `对促成技术交易并实现本地转化的技术经理人，按促成交易额的1%给予个人奖励，每人每年最高${n}万元。`,
      },
    ],
  },
  {
    act: '支持科技型中小企业高质量发展',
    owner: 'kw',
    tags: ['sme', 'finance'],
    purpose: '培育壮大科技型中小企业群体，夯实创新型企业梯队基础',
    scope: (pl) => `在${pl}注册并通过科技型中小企业评价的企业。`,
    measures: [
      { item: '入库奖励', n: 5, text: (n) => `对首次通过科技型中小企业评价入库的企业给予${n}万元奖励。` },
      { item: '科技创新券', n: 30, text: (n) => `科技创新券年度额度提高到每家企业${n}万元，可用于购买检验检测、研发设计和技术咨询服务。` },
      {
        item: '信用贷款贴息',
        n: 50,
        text: (n) => `对科技型中小企业获得的信用贷款，按贷款市场报价利率的50%给予贴息，单个企业每年最高${n}万元。`,
      },
    ],
  },
  {
    act: '加快高新技术企业培育',
    owner: 'kw',
    tags: ['hightech', 'sme'],
    purpose: '扩大高新技术企业规模，提升企业创新能力和发展质量',
    scope: (pl) => `在${pl}注册、主营业务属于高新技术领域的企业。`,
    measures: [
      { item: '首次认定奖励', n: 30, text: (n) => `对首次通过认定的高新技术企业给予${n}万元一次性奖励。` },
      { item: '重新认定奖励', n: 10, text: (n) => `对资格期满后重新通过认定的高新技术企业给予${n}万元奖励。` },
      { item: '整体迁入奖励', n: 30, text: (n, pl) => `对整体迁入${pl}且高新技术企业资格仍在有效期内的企业，给予${n}万元奖励。` },
      { item: '培育辅导服务', n: 5, text: (n) => `对入库培育企业开展“一企一策”辅导，辅导服务费用由财政资金承担，每家企业最高${n}万元。` },
    ],
  },
  {
    act: '鼓励企业加大研发投入',
    owner: 'kw',
    tags: ['rnd', 'finance'],
    purpose: '激发企业创新主体活力，推动全社会研发投入稳定增长',
    scope: (pl) => `在${pl}依法纳税、建立研发费用辅助账的企业。`,
    measures: [
      { item: '研发增量补助', n: 300, text: (n) => `按企业上一年度研发费用增量部分的10%给予补助，单个企业最高${n}万元。` },
      { item: '企业研发中心建设', n: 50, text: (n) => `对新建企业研发中心并通过评估的企业，给予${n}万元一次性支持。` },
      {
        item: '首台（套）装备奖励',
        n: 200,
        text: (n) => `对企业自主研发并实现首次销售的首台（套）装备，按销售合同金额的20%给予奖励，最高${n}万元。`,
      },
    ],
  },
  {
    act: '加强科技企业孵化载体建设',
    owner: 'kw',
    tags: ['incubator', 'sme'],
    purpose: '完善全链条孵化服务体系，培育更多科技型初创企业',
    scope: (pl) => `在${pl}运营的科技企业孵化器、众创空间和加速器。`,
    measures: [
      {
        item: '载体认定奖励',
        n: 100,
        text: (n) => `对新认定的国家级科技企业孵化器给予${n}万元奖励，省级、市级孵化器分别按其60%和30%给予奖励。`,
      },
      { item: '运营绩效补助', n: 50, text: (n) => `对年度绩效评价为优秀的孵化载体给予最高${n}万元运营补助。` },
      { item: '毕业企业奖励', n: 5, text: (n, pl) => `孵化载体每培育一家毕业企业并留在${pl}发展的，给予孵化载体${n}万元奖励。` },
    ],
  },
  {
    act: '推进知识产权高质量发展',
    owner: 'zscq',
    tags: ['ip'],
    purpose: '提升知识产权创造质量和运用效益，加强知识产权保护',
    scope: enterprisesIn,
    measures: [
      { item: '发明专利资助', n: 1, text: (n) => `对国内发明专利授权给予每件${n}万元资助。` },
      { item: '国外专利资助', n: 5, text: (n) => `对通过专利合作条约途径取得国外发明专利授权的，给予每件${n}万元资助。` },
      { item: '质押融资贴息', n: 30, text: (n) => `对以知识产权质押方式获得贷款的企业，按实际利息的50%给予贴息，单个企业最高${n}万元。` },
      { item: '管理体系认证奖励', n: 10, text: (n) => `对通过知识产权管理体系认证的企业给予${n}万元一次性奖励。` },
    ],
  },
  {
    act: '深化科技金融融合',
    owner: 'jr',
    tags: ['finance'],
    purpose: '引导金融资源向科技创新领域集聚，破解科技企业融资难题',
    scope: (pl) => `在${pl}注册的科技型企业，以及为其提供服务的银行、保险和创业投资机构。`,
    measures: [
      {
        item: '信贷风险补偿',
        n: 500,
        text: (n) => `设立科技信贷风险补偿资金池，对合作银行发放的科技企业贷款损失给予最高40%的补偿，单笔补偿最高${n}万元。`,
      },
      {
        item: '天使投资奖励',
        n: 200,
        text: (n, pl) => `对投资${pl}初创期科技企业的天使投资机构，按实际投资额的10%给予奖励，最高${n}万元。`,
      },
      {
        item: '科技保险补贴',
        n: 20,
        text: (n) => `对企业购买研发费用损失险、关键研发设备险等科技保险的，按保费的50%给予补贴，最高${n}万元。`,
      },
    ],
  },
  {
    act: '加快引进培育高层次创新人才',
    owner: 'rs',
    tags: ['talent'],
    purpose: '集聚一批高层次创新创业人才，为创新发展提供人才支撑',
    scope: (pl) => `在${pl}全职工作的高层次人才及其用人单位。`,
    measures: [
      { item: '顶尖人才安家补贴', n: 100, text: (n) => `对新引进的顶尖人才给予最高${n}万元安家补贴。` },
      { item: '人才创业资助', n: 300, text: (n) => `对高层次人才领衔创办的科技企业，经评审给予最高${n}万元创业资助。` },
      { item: '青年博士生活补贴', n: 10, text: (n, pl) => `对来${pl}就业的全日制博士研究生给予${n}万元生活补贴，分三年发放。` },
    ],
  },
  {
    act: '推动新型研发机构建设',
    owner: 'kw',
    tags: ['platform', 'transfer'],
    purpose: '培育运行机制灵活的新型研发机构，增强产业共性技术供给',
    scope: (pl) => `在${pl}设立并经备案的新型研发机构。`,
    measures: [
      { item: '建设补助', n: 500, text: (n, pl) => `对高校院所在${pl}设立的新型研发机构，按建设期投入给予最高${n}万元支持。` },
      { item: '运行补助', n: 200, text: (n) => `根据年度技术服务收入和孵化企业数量，给予最高${n}万元运行经费补助。` },
      { item: '仪器开放共享', n: 50, text: (n) => `对向社会开放共享大型科研仪器的机构，按服务收入的20%给予最高${n}万元补助。` },
    ],
  },
  {
    act: '加强科研诚信建设',
    owner: 'kw',
    tags: ['integrity'],
    purpose: '营造诚实守信的科研环境，维护科技计划和科技资金的公信力',
    scope: (pl) => `在${pl}从事科研活动的单位和个人，以及参与科技项目评审、评估的专家和服务机构。`,
    measures: [
      {
        item: '诚信承诺',
        n: 0,
        text: () => '科技计划项目申报、评审、立项、验收等环节的相关人员均须签署科研诚信承诺书，承诺内容纳入项目管理档案。',
      },
      { item: '信用记录', n: 0, text: (_n, pl) => `建立${pl}科研诚信信息记录，对经调查认定的严重失信行为记入诚信记录并依法向社会公开。` },
      {
        item: '联合惩戒',
        n: 0,
        text: () => '对存在严重失信行为的单位和个人，在科技计划项目申报、科技奖励提名和人才计划评审中实行一票否决。',
      },
      { item: '教育培训', n: 0, text: () => '将科研诚信教育纳入科研人员入职培训和研究生培养全过程，每年至少开展一次集中宣传教育活动。' },
    ],
  },
  {
    act: '扩大科技开放合作',
    owner: 'kw',
    tags: ['cooperation'],
    purpose: '深度融入全球创新网络，集聚国内外优质创新资源',
    scope: enterprisesIn,
    measures: [
      { item: '国际联合实验室', n: 200, text: (n, pl) => `对在${pl}建设的国际联合实验室，经认定给予最高${n}万元建设经费。` },
      { item: '外资研发中心', n: 300, text: (n, pl) => `对外资企业在${pl}设立独立法人研发中心的，按研发投入的10%给予最高${n}万元奖励。` },
      { item: '科技交流活动', n: 20, text: (n) => `支持企业和科研机构举办国际科技交流活动，每场给予最高${n}万元补助。` },
    ],
  },
  {
    act: '支持创新平台建设',
    owner: 'kw',
    tags: ['platform', 'rnd'],
    purpose: '构建层次分明、布局合理的创新平台体系，提升原始创新和技术供给能力',
    scope: enterprisesIn,
    measures: [
      { item: '重大平台配套', n: 500, text: (n) => `对新获批建设的国家级重点实验室、技术创新中心给予最高${n}万元配套支持。` },
      { item: '市级平台奖励', n: 100, text: (n) => `对新认定的市级工程技术研究中心、企业技术中心给予${n}万元奖励。` },
      { item: '平台绩效补助', n: 50, text: (n) => `对年度绩效评价优秀的创新平台给予${n}万元运行补助。` },
    ],
  },
  {
    act: '促进产学研深度融合',
    owner: 'kw',
    tags: ['cooperation', 'transfer'],
    purpose: '推动创新链与产业链深度融合，提升企业技术创新能力',
    scope: enterprisesIn,
    measures: [
      { item: '委托研发补助', n: 100, text: (n) => `企业委托高校院所开展研发的，按实际支付研发经费的30%给予补助，最高${n}万元。` },
      { item: '创新联合体', n: 500, text: (n) => `支持龙头企业牵头组建创新联合体，经认定给予最高${n}万元支持。` },
      { item: '科技副总', n: 5, text: (n) => `选派高校院所科技人员到企业担任“科技副总”，每人每年给予${n}万元工作经费。` },
    ],
  },
  {
    act: '完善科技奖励和激励机制',
    owner: 'kw',
    tags: ['award', 'talent'],
    purpose: '充分调动科技人员的积极性和创造性，让创新成果有回报',
    scope: (pl) => `在${pl}从事科学研究、技术开发和成果转化的单位和个人。`,
    measures: [
      { item: '国家科技奖配套', n: 200, text: (n, pl) => `对获得国家科学技术奖的${pl}第一完成单位，给予最高${n}万元配套奖励。` },
      { item: '省科技奖配套', n: 50, text: (n) => `对获得省科学技术奖一等奖的第一完成单位给予${n}万元奖励，二等奖、三等奖相应递减。` },
      { item: '成果收益分配', n: 0, text: () => '职务科技成果转化收益用于奖励科研负责人和主要贡献人员的比例不低于70%。' },
    ],
  },
];

interface PolicyDetail {
  shape: 'measures' | 'rule' | 'plan';
  genre: string;
  place: string;
  agency: Agency;
  purpose: string;
  scope: string;
  points: readonly Point[];
  /** Rows of the table of support limits (万元), when the document has one. */
  limits: readonly (readonly [string, number])[];
  /** A regulation's definition of its subject, or a plan's goal. */
  lead: string;
  /** What a regulation is about. */
  subject: string;
  /** A regulation's second chapter. */
  chapter: string;
  /** The document a revision replaces. */
  replaces?: Item;
}

const scaled = (n: number, factor: number): number => (n === 0 ? 0 : Math.max(1, Math.round(n * factor)));

function topicDetail(topic: Topic, agency: Agency, genre: string, place: string, factor: number, withTable: boolean): PolicyDetail {
  const points = topic.measures.map((m) => ({ item: m.item, text: m.text(scaled(m.n, factor), place) }));
  const limits = topic.measures.every((m) => m.n > 0) && withTable ? topic.measures.map((m) => [m.item, scaled(m.n, factor)] as const) : [];
  return {
    shape: 'measures',
    genre,
    place,
    agency,
    purpose: topic.purpose,
    scope: topic.scope(place),
    points,
    limits,
    lead: '',
    subject: '',
    chapter: '',
  };
}

interface Rule {
  name: string;
  subject: string;
  topic: number;
  agency: AgencyKey;
  definition: string;
  chapter: string;
  /** Revised about a year later: the first version ends when the revision takes over. */
  revised: boolean;
}

const RULES: readonly Rule[] = [
  {
    name: '科技计划项目管理办法',
    subject: '市级科技计划项目',
    topic: 9,
    agency: 'kw',
    chapter: '第二章 管理要求',
    revised: false,
    definition: '本办法所称市级科技计划项目，是指由市财政科技资金支持、由市科委组织实施的研究开发、成果转化和平台建设等项目。',
  },
  {
    name: '科技创新券管理办法',
    subject: '科技创新券',
    topic: 1,
    agency: 'kw',
    chapter: '第二章 支持内容',
    revised: true,
    definition: '本办法所称科技创新券，是指由市财政安排资金、向科技型中小企业发放，用于购买科技服务的电子凭证。',
  },
  {
    name: '科技企业孵化器认定和管理办法',
    subject: '科技企业孵化器',
    topic: 4,
    agency: 'kw',
    chapter: '第二章 支持内容',
    revised: true,
    definition: '本办法所称科技企业孵化器，是指以促进科技成果转化、培育科技企业为宗旨，提供物理空间和孵化服务的机构。',
  },
  {
    name: '科学技术奖励办法',
    subject: '市科学技术奖',
    topic: 13,
    agency: 'kw',
    chapter: '第二章 奖励内容',
    revised: true,
    definition: '本办法所称科学技术奖，是指市人民政府设立，用于奖励在科学研究、技术创新和成果转化中作出突出贡献的单位和个人的奖项。',
  },
  {
    name: '企业研发投入后补助实施细则',
    subject: '企业研发投入后补助',
    topic: 3,
    agency: 'cz',
    chapter: '第二章 补助内容',
    revised: false,
    definition: '本细则所称研发投入后补助，是指根据企业上一年度研发费用增长情况，以事后补助方式给予的财政支持。',
  },
  {
    name: '知识产权质押融资贴息管理办法',
    subject: '知识产权质押融资贴息',
    topic: 5,
    agency: 'zscq',
    chapter: '第二章 支持内容',
    revised: false,
    definition: '本办法所称知识产权质押融资，是指企业以合法拥有的专利权、商标权等知识产权作质押，向银行申请贷款的融资方式。',
  },
  {
    name: '科技信贷风险补偿资金管理办法',
    subject: '科技信贷风险补偿资金',
    topic: 6,
    agency: 'jr',
    chapter: '第二章 支持内容',
    revised: false,
    definition: '本办法所称科技信贷风险补偿资金，是指由市财政出资设立，用于对合作银行的科技企业贷款损失给予补偿的专项资金。',
  },
  {
    name: '高层次人才安家补贴实施办法',
    subject: '高层次人才安家补贴',
    topic: 7,
    agency: 'rs',
    chapter: '第二章 支持内容',
    revised: false,
    definition: '本办法所称高层次人才，是指经市人才工作领导机构认定、在本市全职工作的各类创新创业人才。',
  },
  {
    name: '工程技术研究中心建设与运行管理办法',
    subject: '工程技术研究中心',
    topic: 11,
    agency: 'kw',
    chapter: '第二章 支持内容',
    revised: false,
    definition: '本办法所称工程技术研究中心，是指依托本市骨干企业建设，从事工程化研究和试验验证的研发平台。',
  },
  {
    name: '技术合同登记奖励实施细则',
    subject: '技术合同登记奖励',
    topic: 0,
    agency: 'kw',
    chapter: '第二章 奖励内容',
    revised: true,
    definition: '本细则所称技术合同，是指在本市技术合同登记机构认定登记的技术开发、技术转让、技术许可、技术咨询和技术服务合同。',
  },
];

interface Plan {
  name: (year: number) => string;
  genre: '计划' | '方案';
  /** The plan runs to the end of the year this many years after it is issued: the year its goal names. */
  horizon: number;
  tags: readonly Tag[];
  purpose: string;
  goal: (year: number) => string;
  tasks: readonly Point[];
}

const PLANS: readonly Plan[] = [
  {
    name: (y) => `科技创新三年行动计划（${y}—${y + 2}年）`,
    genre: '计划',
    horizon: 2,
    tags: ['rnd', 'hightech'],
    purpose: '加快建设区域科技创新中心，以科技创新引领产业高质量发展',
    goal: (y) =>
      `到${y + 2}年，全社会研发投入强度达到3.2%，高新技术企业数量突破3000家，技术合同成交额达到500亿元，每万人高价值发明专利拥有量达到20件。`,
    tasks: [
      { item: '关键核心技术攻关', text: '围绕主导产业链梳理关键技术清单，每年组织实施重点研发项目100项以上。' },
      { item: '创新主体培育', text: '构建“科技型中小企业—高新技术企业—科技领军企业”梯次培育体系，每年新增高新技术企业300家以上。' },
      { item: '创新生态优化', text: '完善孵化载体、科技金融和知识产权服务体系，推动惠企政策“免申即享”。' },
    ],
  },
  {
    name: () => '未来产业培育行动方案',
    genre: '方案',
    horizon: 3,
    tags: ['platform', 'rnd'],
    purpose: '把握新一轮科技革命和产业变革机遇，前瞻布局未来产业',
    goal: (y) => `力争到${y + 3}年，在类脑智能、量子信息、合成生物等方向布局建设5个以上未来产业先导区，培育高成长性企业50家。`,
    tasks: [
      { item: '先导区建设', text: '依托高新区、临港新区等重点区域建设未来产业先导区，集中配置研发、中试和应用场景资源。' },
      { item: '前沿技术研发', text: '设立未来产业专项，支持高校院所与企业联合开展前沿技术研究和工程化验证。' },
      { item: '应用场景开放', text: '每年发布未来产业应用场景清单，支持新技术、新产品在本市率先示范应用。' },
    ],
  },
  {
    name: () => '科技服务业高质量发展行动计划',
    genre: '计划',
    horizon: 2,
    tags: ['transfer', 'incubator'],
    purpose: '壮大研发设计、检验检测、技术转移和创业孵化等科技服务业态',
    goal: (y) => `到${y + 2}年，全市科技服务业营业收入突破1200亿元，培育技术转移示范机构30家、专业化孵化载体50家。`,
    tasks: [
      { item: '研发设计服务', text: '支持专业研发设计机构面向中小企业提供外包服务，培育一批研发设计服务品牌。' },
      { item: '技术转移服务', text: '建设线上线下相结合的技术交易市场，培养技术经理人500名以上。' },
      { item: '创业孵化服务', text: '推动孵化载体向专业化、链条化发展，建设“众创空间—孵化器—加速器—产业园”全链条孵化体系。' },
    ],
  },
  {
    name: () => '创新型企业梯度培育工作方案',
    genre: '方案',
    horizon: 2,
    tags: ['sme', 'hightech'],
    purpose: '建立覆盖企业全生命周期的创新型企业培育体系',
    goal: (y) => `到${y + 2}年，全市科技型中小企业达到8000家，高新技术企业达到3000家，培育科技领军企业20家。`,
    tasks: [
      { item: '科技型中小企业扩面', text: '开展科技型中小企业评价服务进园区活动，做到应评尽评。' },
      { item: '高新技术企业提质', text: '建立高新技术企业培育库，对入库企业实施“一企一策”精准辅导。' },
      { item: '领军企业培育', text: '支持领军企业牵头组建创新联合体，承担重大科技项目。' },
    ],
  },
  {
    name: () => '科技赋能乡村振兴实施方案',
    genre: '方案',
    horizon: 2,
    tags: ['transfer', 'talent'],
    purpose: '发挥科技对农业农村现代化的支撑作用',
    goal: (y) => `到${y + 2}年，全市农业科技进步贡献率达到68%，建成农业科技示范基地30个，选派科技特派员300名以上。`,
    tasks: [
      { item: '科技特派员服务', text: '组织高校院所科技人员深入乡村开展技术指导，实现涉农街道科技特派员服务全覆盖。' },
      { item: '现代种业创新', text: '支持种业企业与科研院所联合开展良种选育和推广。' },
      { item: '农业成果转化', text: '建设农业科技成果转化示范基地，推广绿色高效生产技术。' },
    ],
  },
  {
    name: () => '数字经济核心产业创新发展行动方案',
    genre: '方案',
    horizon: 2,
    tags: ['rnd', 'platform'],
    purpose: '推动数字技术创新与实体经济深度融合',
    goal: (y) => `到${y + 2}年，全市数字经济核心产业增加值占地区生产总值的比重达到12%，建成省级以上数字技术创新平台20个。`,
    tasks: [
      { item: '核心技术突破', text: '聚焦集成电路、人工智能、工业软件等领域实施一批重点研发项目。' },
      { item: '创新平台建设', text: '支持建设数字技术领域的重点实验室、工程技术研究中心和公共服务平台。' },
      { item: '场景应用示范', text: '推动智能制造、智慧城市等领域的数字化应用场景建设。' },
    ],
  },
];

/** A policy before it is dated: its title, catalog, issuer and text parts. */
interface PolicySpec {
  title: (year: number) => string;
  catalogName: DemoCatalogName;
  tags: readonly Tag[];
  detail: PolicyDetail;
  rule?: Rule;
  /** A plan's goal names years, so it is written once the plan is dated. */
  plan?: Plan;
}

function policySpecs(): PolicySpec[] {
  const specs: PolicySpec[] = [];
  TOPICS.forEach((topic, i) => {
    const agency = AGENCIES[i % 2 === 0 ? 'zf' : topic.owner];
    specs.push({
      title: () => `江城市关于${topic.act}的若干措施`,
      catalogName: '市级政策',
      tags: topic.tags,
      detail: topicDetail(topic, agency, '措施', '本市', 1, i % 3 === 0),
    });
  });
  RULES.forEach((rule) => {
    const topic = pick(TOPICS, rule.topic);
    const genre = rule.name.endsWith('细则') ? '细则' : '办法';
    const detail: PolicyDetail = {
      ...topicDetail(topic, AGENCIES[rule.agency], genre, '本市', 1, rule.topic % 2 === 1),
      shape: 'rule',
      lead: rule.definition,
      subject: rule.subject,
      chapter: rule.chapter,
    };
    specs.push({ title: () => `江城市${rule.name}`, catalogName: '市级政策', tags: topic.tags, detail, rule });
  });
  PLANS.forEach((plan) => {
    const detail: PolicyDetail = {
      shape: 'plan',
      genre: plan.genre,
      place: '本市',
      agency: AGENCIES.zf,
      purpose: plan.purpose,
      scope: '全市各区、各有关部门，以及在本市注册的企业、高等学校和科研院所。',
      points: plan.tasks,
      limits: [],
      lead: '',
      subject: '',
      chapter: '',
    };
    specs.push({ title: (year) => `江城市${plan.name(year)}`, catalogName: '政策文件', tags: plan.tags, detail, plan });
  });
  [0, 1, 2, 3, 6, 7, 8, 11].forEach((t, i) => {
    const topic = pick(TOPICS, t);
    const agency = AGENCIES[i % 2 === 0 ? 'sz' : 'skt'];
    specs.push({
      title: () => `江川省关于${topic.act}的实施意见`,
      catalogName: '省级政策',
      tags: topic.tags,
      detail: topicDetail(topic, agency, '实施意见', '本省', 2, i % 3 === 1),
    });
  });
  DISTRICTS.forEach((district, k) => {
    for (const t of [(k * 2) % TOPICS.length, (k * 2 + 7) % TOPICS.length]) {
      const topic = pick(TOPICS, t);
      specs.push({
        title: () => `${district.titleName}关于${topic.act}的若干政策`,
        catalogName: '区级政策',
        tags: topic.tags,
        detail: topicDetail(topic, district.agency, '政策', '本区', 0.5, (k + t) % 3 === 0),
      });
    }
  });
  return specs;
}

function validity(self: Item, detail: PolicyDetail): string {
  const replaced = detail.replaces ? `《${detail.replaces.title}》（${detail.replaces.docNumber ?? ''}）同时废止。` : '';
  const explained = detail.shape === 'plan' ? '' : `本${detail.genre}由${detail.agency.name}负责解释。`;
  return `本${detail.genre}自${cnDate(self.validFrom ?? self.at)}起施行，有效期至${cnDate(self.validUntil ?? self.at)}。${replaced}${explained}`;
}

function limitsTable(detail: PolicyDetail, intro: boolean): string[] {
  if (detail.limits.length === 0) return [];
  const limits = table(['支持事项', '支持上限（万元）'], detail.limits);
  return intro ? [p('主要支持标准如下表所示，具体以当年申报通知为准。'), limits] : [limits];
}

function policyBody(self: Item, detail: PolicyDetail): string {
  const { genre, place } = detail;
  if (detail.shape === 'rule') {
    return [
      h3('第一章 总则'),
      p(`第一条 为${detail.purpose}，根据国家和省有关规定，结合本市实际，制定本${genre}。`),
      p(`第二条 ${detail.lead}`),
      p(`第三条 ${detail.agency.name}会同有关部门负责本${genre}的组织实施和监督管理；各区主管部门负责本辖区的申请受理和初审工作。`),
      h3(detail.chapter),
      p(`第四条 ${detail.subject}的${detail.chapter.replace(/^第二章 /, '')}如下：`),
      ol(detail.points.map((pt) => pt.text)),
      ...limitsTable(detail, false),
      h3('第三章 监督管理'),
      p(
        `第五条 申请单位应当对申请材料的真实性负责。对弄虚作假、骗取财政资金的，依法依规追回资金并记入科研诚信记录；情节严重的，取消其五年内申请市级科技资金的资格。`,
      ),
      h3('第四章 附则'),
      p(`第六条 ${validity(self, detail)}`),
    ].join('');
  }
  if (detail.shape === 'plan') {
    return [
      p(`为${detail.purpose}，结合本市实际，制定本${genre}。`),
      h3('一、主要目标'),
      p(detail.lead),
      h3('二、重点任务'),
      ol(detail.points.map((pt) => `<strong>${pt.item}。</strong>${pt.text}`)),
      h3('三、保障措施'),
      p(
        `建立由${detail.agency.short}统筹、有关部门参与的工作推进机制，加强财政科技资金统筹，对重点任务实行清单化管理和年度评估。各区要结合实际制定配套措施，确保各项任务落到实处。`,
      ),
      p(validity(self, detail)),
    ].join('');
  }
  return [
    p(`为深入实施创新驱动发展战略，${detail.purpose}，结合${place}实际，制定本${genre}。`),
    h3('一、适用对象'),
    p(`本${genre}适用于${detail.scope}`),
    h3('二、支持措施'),
    ol(detail.points.map((pt) => pt.text)),
    ...limitsTable(detail, true),
    h3('三、保障措施'),
    p(
      `${detail.agency.short}会同财政等有关部门制定申报指南，建立政策兑现“一网通办”机制，并对政策执行情况开展年度评估。同一事项符合${place}多项政策的，按照“从高不重复”原则给予支持。`,
    ),
    h3('四、附则'),
    p(validity(self, detail)),
  ].join('');
}

function policySummary(detail: PolicyDetail, validFrom: number, validUntil: number): string {
  const period = `自${cnDate(validFrom)}起施行，有效期至${cnDate(validUntil)}。`;
  const items = detail.points.map((pt) => pt.item).join('、');
  if (detail.shape === 'plan')
    return `本${detail.genre}明确了主要目标和${items}等${detail.points.length}项重点任务：${detail.lead}${period}`;
  if (detail.shape === 'rule')
    return `本${detail.genre}明确了${detail.subject}的适用范围、${detail.chapter.replace(/^第二章 /, '')}和监督管理要求，${period}`;
  return `本${detail.genre}围绕${items}等方面提出${detail.points.length}条措施，${period}`;
}

function policyItem(spec: PolicySpec, title: string, at: number, validFrom: number, validUntil: number, detail: PolicyDetail): Item {
  return {
    at,
    kind: 'policy',
    catalogName: spec.catalogName,
    title,
    source: detail.agency.name,
    tags: spec.tags,
    docPrefix: detail.agency.prefix,
    validFrom,
    validUntil,
    policy: detail,
    summary: policySummary(detail, validFrom, validUntil),
    body: (self) => policyBody(self, detail),
  };
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The policies, dated across the window in an interleaved order. Older ones mostly ran for a year
 * (or a year and a half) and have ended; the rest run two to five years, a few recent ones one. A
 * revised regulation's first version ends the day before its revision takes effect.
 */
function policies(today0: number): Item[] {
  const specs = policySpecs();
  const n = specs.length;
  const stride = [23, 29, 31, 37, 41].find((s) => gcd(s, n) === 1) ?? 1;
  const items: Item[] = [];
  let revisedRank = 0;
  specs.forEach((spec, j) => {
    const pos = (j * stride) % n;
    let back = 6 + Math.floor((pos * 700) / n);
    const revised = spec.rule?.revised === true;
    if (revised) {
      back = Math.max(back, 570 + revisedRank * 25);
      revisedRank += 1;
    }
    const at = today0 - back * DAY;
    const validFrom = Math.min(at + (revised ? 0 : pick([0, 0, 10, 30], pos)) * DAY, today0);
    const months =
      revised || (back > 390 && pos % 4 !== 3) ? 12 : back > 600 ? 18 : back <= 300 && pos % 5 === 0 ? 12 : pick([24, 36, 60, 36, 48], pos);
    const detail = spec.plan ? { ...spec.detail, lead: spec.plan.goal(yearOf(at)) } : spec.detail;
    const validUntil = spec.plan ? Date.UTC(yearOf(at) + spec.plan.horizon, 11, 31) : addMonths(validFrom, months) - DAY;
    const first = policyItem(spec, spec.title(yearOf(at)), at, validFrom, validUntil, detail);
    items.push(first);
    if (spec.rule && revised) {
      const takesOver = (first.validUntil ?? at) + DAY;
      const issued = takesOver - 13 * DAY;
      const detail: PolicyDetail = { ...spec.detail, replaces: first };
      const title = `江城市${spec.rule.name}（${yearOf(issued)}年修订）`;
      items.push(policyItem(spec, title, issued, takesOver, addMonths(takesOver, pick([36, 60], revisedRank)) - DAY, detail));
    }
  });
  return items;
}

function interpretation(policy: Item, detail: PolicyDetail, i: number, today0: number): Item {
  const at = Math.min(policy.at + (3 + (i % 8)) * DAY, today0);
  const title = i % 3 === 2 ? `《${policy.title}》要点解读` : `《${policy.title}》政策解读`;
  return {
    at,
    kind: 'interpretation',
    catalogName: '政策解读',
    title,
    source: policy.source,
    tags: policy.tags,
    summary: `${policy.source}就《${policy.title}》的出台背景、主要内容、适用对象和施行时间进行解读。`,
    body: () =>
      [
        h3('一、出台背景'),
        p(
          `为${detail.purpose}，${detail.agency.name}研究制定了《${policy.title}》（${policy.docNumber ?? ''}），于${cnDate(policy.at)}正式印发。`,
        ),
        h3('二、主要内容'),
        p(`《${policy.title}》共提出${detail.points.length}项重点内容，主要包括：`),
        ul(detail.points.map((pt) => `<strong>${pt.item}</strong>：${pt.text}`)),
        h3('三、适用对象'),
        p(`适用于${detail.scope}`),
        h3('四、施行时间'),
        p(`自${cnDate(policy.validFrom ?? policy.at)}起施行，有效期至${cnDate(policy.validUntil ?? policy.at)}。`),
        h3('五、政策咨询'),
        p(`政策咨询电话：${detail.agency.phone}（工作日上午9:00—12:00，下午14:00—17:30）。`),
      ].join(''),
  };
}

// ---------------------------------------------------------------------------------------------
// News: work updates of the city and its districts, media reports, and the year's big events.

interface NewsContext {
  d: string;
  f: string;
  date: string;
  venue: string;
  partner: string;
  a: number;
  b: number;
  c: number;
}

interface NewsEvent {
  title: (x: NewsContext) => string;
  tags: readonly Tag[];
  /** Whether the city's commission (not the district) reports it. */
  city: boolean;
  lead: (x: NewsContext) => string;
  detail: (x: NewsContext) => string;
  voice: string;
}

const NEWS_EVENTS: readonly NewsEvent[] = [
  {
    title: (x) => `${x.d}举办${x.f}产业技术成果对接会`,
    tags: ['transfer', 'cooperation'],
    city: false,
    lead: (x) => `${x.date}，${x.d}${x.f}产业技术成果对接会在${x.venue}举行，来自高校院所、投资机构和${x.a}家企业的代表参加活动。`,
    detail: (x) =>
      `活动现场，${x.b + 8}项${x.f}领域科技成果进行了路演发布，供需双方围绕技术许可、联合开发等事项深入交流，现场达成合作意向${x.c + 3}项。`,
    voice: '成果对接是打通转化“最后一公里”的重要环节，今后将按产业链定期组织专场活动，推动更多成果就地转化。',
  },
  {
    title: (x) => `市科委赴${x.d}调研${x.f}企业创新工作`,
    tags: ['rnd', 'hightech'],
    city: true,
    lead: (x) => `${x.date}，市科委相关负责同志带队赴${x.d}，实地走访${x.c + 3}家${x.f}企业，了解企业研发投入、人才引进和政策享受情况。`,
    detail: () =>
      '调研中，企业负责人介绍了新产品研发进展和在技术攻关、检验检测等方面遇到的困难。调研组逐一记录，并现场解答了研发费用加计扣除、高新技术企业认定等政策问题。',
    voice: '企业是创新的主体，科技部门要主动上门、靠前服务，把政策红利及时送到企业手中。',
  },
  {
    title: (x) => `${x.d}举办${x.f}企业科技政策专场宣讲会`,
    tags: ['sme', 'hightech'],
    city: false,
    lead: (x) => `${x.date}，${x.d}举办${x.f}企业科技政策专场宣讲会，${x.a}余家企业的负责人和财务、研发管理人员参加。`,
    detail: () =>
      '宣讲会重点解读了科技型中小企业评价、高新技术企业认定、研发投入后补助等政策的申报条件和办理流程，并就研发费用归集等企业关心的问题进行了现场答疑。',
    voice: '政策宣讲要讲清楚、讲透彻，让企业看得懂、找得到、用得上。',
  },
  {
    title: (x) => `${x.d}新增${x.c}家市级科技企业孵化器和众创空间`,
    tags: ['incubator'],
    city: false,
    lead: (x) =>
      `${x.date}，记者从${x.d}科技主管部门获悉，该区${x.c}家载体通过市级科技企业孵化器和众创空间认定，全区市级以上孵化载体达到${x.c + x.b + 6}家。`,
    detail: (x) => `新认定的载体主要聚焦${x.f}等领域，可提供孵化场地约${x.b + 2}万平方米，在孵企业超过${x.a * 3}家。`,
    voice: '孵化载体是培育科技型企业的摇篮，下一步要推动载体由提供场地向提供专业化服务转变。',
  },
  {
    title: (x) => `江城市${x.f}产业创新联合体在${x.d}揭牌成立`,
    tags: ['platform', 'cooperation'],
    city: true,
    lead: (x) =>
      `${x.date}，江城市${x.f}产业创新联合体揭牌仪式在${x.d}举行。联合体由行业骨干企业牵头，联合${x.b + 10}家上下游企业和高校院所共同组建。`,
    detail: (x) =>
      `联合体将围绕${x.f}产业链关键环节凝练技术攻关任务，建立“企业出题、联合答题、市场阅卷”的协同攻关机制，计划三年内联合承担重点研发项目${x.c + 5}项以上。`,
    voice: '创新联合体要发挥骨干企业的牵引作用，让创新资源向产业链关键环节集聚。',
  },
  {
    title: (x) => `${x.d}${x.a}家企业获科技型中小企业创新资金支持`,
    tags: ['sme', 'finance'],
    city: false,
    lead: (x) =>
      `${x.date}，记者从${x.d}获悉，该区${x.a}家科技型中小企业获得本年度市科技型中小企业创新资金支持，资助资金合计${x.a * 30}万元。`,
    detail: (x) =>
      `获得支持的项目主要集中在${x.f}等领域，预计项目实施期内可新增发明专利申请${x.a * 2}件，带动企业新增研发投入${x.a * 120}万元。`,
    voice: '创新资金要用在刀刃上，重点支持有核心技术、有成长潜力的企业。',
  },
  {
    title: (x) => `${x.d}面向${x.f}领域科研人员开展科研诚信专题培训`,
    tags: ['integrity'],
    city: false,
    lead: (x) => `${x.date}，${x.d}组织开展科研诚信专题培训，${x.f}领域企业研发负责人和高校院所科研人员共${x.a + 60}余人参加。`,
    detail: () =>
      '培训结合科研活动中的典型失信案例，讲解了项目申报、经费使用、成果发表等环节的诚信要求，并介绍了科研诚信信息查询和异议处理的办理流程。',
    voice: '科研诚信是科技创新的基石，要把诚信要求贯穿科研活动全过程。',
  },
  {
    title: (x) => `${x.d}举办“科技金融进园区”${x.f}企业融资路演`,
    tags: ['finance', 'sme'],
    city: false,
    lead: (x) =>
      `${x.date}，${x.d}“科技金融进园区”${x.f}企业专场融资路演在${x.venue}举行，${x.b + 5}家企业现场路演，${x.c + 8}家投资机构和银行参加。`,
    detail: (x) =>
      `路演企业围绕核心技术、市场前景和融资需求作了展示，合作银行现场介绍了科创贷、知识产权质押贷等产品，活动初步达成融资意向${x.a * 100}万元。`,
    voice: '要让金融活水更好地流向科技企业，破解轻资产企业融资难题。',
  },
  {
    title: (x) => `${x.d}举办${x.f}领域高层次人才专场洽谈会`,
    tags: ['talent'],
    city: false,
    lead: (x) => `${x.date}，${x.d}${x.f}领域高层次人才专场洽谈会在${x.venue}举行，${x.a}家重点企业和科研机构提供研发岗位${x.a * 4}个。`,
    detail: (x) => `洽谈会采用线上线下相结合的方式，吸引${x.a * 6}名博士、硕士研究生参会，现场达成就业意向${x.a + x.b * 10}人。`,
    voice: '人才是第一资源，要以产业需求为导向，精准引才、用好人才。',
  },
  {
    title: (x) => `${x.d}${x.f}企业知识产权服务站正式启用`,
    tags: ['ip'],
    city: false,
    lead: (x) =>
      `${x.date}，${x.d}${x.f}企业知识产权服务站正式启用。服务站设在${x.venue}，为周边企业提供专利检索、布局分析和维权援助等服务。`,
    detail: (x) => `服务站将联合知识产权代理机构和律师事务所，定期开展专利导航和风险预警服务，计划年内为${x.a}家以上企业提供专题服务。`,
    voice: '要把知识产权服务送到企业身边，帮助企业用好用活知识产权。',
  },
  {
    title: (x) => `${x.f}领域新型研发机构落户${x.d}`,
    tags: ['platform', 'transfer'],
    city: false,
    lead: (x) => `${x.date}，${x.d}与${x.partner}签约共建${x.f}新型研发机构，机构将聚焦${x.f}领域的共性技术研发和成果转化。`,
    detail: (x) => `按照协议，机构首期建设研发和中试场地${x.b * 1000}平方米，组建研发团队${x.a}人，计划三年内孵化科技型企业${x.c + 8}家。`,
    voice: '新型研发机构要坚持市场导向，在体制机制上大胆探索，成为成果转化的加速器。',
  },
  {
    title: (x) => `${x.d}与${x.partner}共建${x.f}联合实验室`,
    tags: ['cooperation', 'platform'],
    city: false,
    lead: (x) => `${x.date}，${x.d}与${x.partner}签署合作协议，共建${x.f}联合实验室。`,
    detail: (x) =>
      `联合实验室将围绕${x.f}领域的关键材料、核心工艺等方向开展联合研究，双方共同组建不少于${x.b + 10}人的研发团队，研究成果优先在${x.d}转化。`,
    voice: '校地合作要瞄准产业需求，把高校的科研优势转化为区域发展优势。',
  },
];

interface MediaStory {
  headline: (x: NewsContext) => string;
  theme: string;
  tags: readonly Tag[];
  detail: (x: NewsContext) => string;
  quote: string;
}

const MEDIA_STORIES: readonly MediaStory[] = [
  {
    headline: (x) => `${x.d}打造${x.f}创新高地`,
    theme: '产业创新平台建设',
    tags: ['platform', 'hightech'],
    detail: (x) =>
      `报道称，近年来${x.d}围绕${x.f}产业布局建设了一批研发平台和公共技术服务平台，全区${x.f}领域高新技术企业达到${x.a + 40}家，产业规模持续扩大。`,
    quote: '区里的公共技术服务平台帮我们省下了不少检测和中试费用，新产品研发周期缩短了近三分之一。',
  },
  {
    headline: (x) => `科技金融“活水”润泽${x.d}${x.f}企业`,
    theme: '科技金融服务',
    tags: ['finance', 'sme'],
    detail: (x) =>
      `报道称，${x.d}通过风险补偿、贷款贴息和投贷联动等方式，引导银行机构加大对科技企业的信贷投放，今年以来已为${x.a}家${x.f}企业发放科技信贷${x.a * 500}万元。`,
    quote: '我们是轻资产企业，过去贷款很难。靠专利质押和信用贷款，我们解决了扩大生产的资金问题。',
  },
  {
    headline: (x) => `${x.d}：孵化载体成为${x.f}创业“加速器”`,
    theme: '孵化载体建设',
    tags: ['incubator'],
    detail: (x) =>
      `报道称，${x.d}现有各类孵化载体${x.b + 12}家，累计孵化${x.f}等领域科技企业${x.a * 10}余家，一批毕业企业成长为高新技术企业。`,
    quote: '孵化器不仅提供办公场地，还帮我们对接投资人和技术专家，让我们少走了很多弯路。',
  },
  {
    headline: (x) => `${x.f}企业加大研发投入 ${x.d}创新活力持续释放`,
    theme: '企业研发投入',
    tags: ['rnd'],
    detail: (x) =>
      `报道称，在研发投入后补助、研发费用加计扣除等政策引导下，${x.d}${x.f}企业研发投入持续增长，规模以上工业企业中有研发活动的企业占比达到${40 + (x.a % 40)}%。`,
    quote: '研发投入是企业的底气，我们每年把营业收入的8%以上投入研发。',
  },
  {
    headline: (x) => `从实验室到生产线——${x.d}推动${x.f}成果加速转化`,
    theme: '科技成果转化',
    tags: ['transfer'],
    detail: (x) =>
      `报道称，${x.d}建立“概念验证—中试熟化—产业化”全链条转化服务体系，今年以来推动${x.b + 10}项${x.f}领域高校院所成果在区内落地。`,
    quote: '从实验室样品到量产产品，中间最难的是中试环节，区里的中试平台帮我们跨过了这道坎。',
  },
  {
    headline: (x) => `${x.d}以人才集聚带动${x.f}产业升级`,
    theme: '人才引育',
    tags: ['talent'],
    detail: (x) =>
      `报道称，${x.d}围绕${x.f}产业链精准引才，近三年累计引进各类高层次人才${x.a * 5}名，安家补贴、子女入学等服务保障政策有效落地。`,
    quote: '人才服务专员帮我们办好了落户、住房等手续，让我们可以专心搞研发。',
  },
  {
    headline: (x) => `知识产权质押融资为${x.d}${x.f}企业“解渴”`,
    theme: '知识产权质押融资',
    tags: ['ip', 'finance'],
    detail: (x) =>
      `报道称，${x.d}推动知识产权质押融资扩面增量，今年以来${x.f}领域企业通过专利质押获得贷款${x.a * 200}万元，同比增长${x.b + 10}%。`,
    quote: '几件发明专利就换来了一笔低息贷款，还享受了贴息，企业的研发投入更有底气了。',
  },
];

interface AnnualEvent {
  month: number;
  day: number;
  title: (y: number) => string;
  tags: readonly Tag[];
  lead: (y: number, date: string) => string;
  detail: (y: number) => string;
  voice: string;
}

const ANNUAL_EVENTS: readonly AnnualEvent[] = [
  {
    month: 1,
    day: 20,
    title: (y) => `江城市召开${y}年全市科技创新工作会议`,
    tags: ['rnd', 'hightech'],
    lead: (y, date) => `${date}，江城市${y}年全市科技创新工作会议召开，会议总结了上一年度科技创新工作，部署了本年度重点任务。`,
    detail: (y) =>
      `会议通报，${y - 1}年全市高新技术企业净增${280 + (y % 7) * 13}家，技术合同成交额同比增长${12 + (y % 5)}%，全社会研发投入强度稳步提升。会议要求，${y}年要聚焦关键核心技术攻关、创新主体培育和创新生态优化三项重点工作。`,
    voice: '要坚持把科技创新摆在发展全局的核心位置，以更大力度推动科技成果转化为现实生产力。',
  },
  {
    month: 4,
    day: 18,
    title: (y) => `${y}年江城市科技活动周启动`,
    tags: ['transfer', 'cooperation'],
    lead: (y, date) => `${date}，${y}年江城市科技活动周在市科技馆启动，活动周以“科技创新 美好生活”为主题，为期一周。`,
    detail: (y) =>
      `活动周期间，全市将组织科普展览、科技成果展示、实验室开放日等各类活动${150 + (y % 9) * 10}余场，江城理工大学、江城医科大学等高校院所向公众开放实验室和科研平台。`,
    voice: '科技活动周是展示科技创新成果、提升公众科学素质的重要窗口。',
  },
  {
    month: 6,
    day: 25,
    title: (y) => `${y}年上半年江城市技术合同成交额同比增长${15 + (y % 6)}%`,
    tags: ['transfer'],
    lead: (y, date) =>
      `${date}，记者从市科委获悉，${y}年上半年，全市共登记技术合同${5200 + (y % 8) * 170}项，成交额同比增长${15 + (y % 6)}%。`,
    detail: () =>
      '从合同类型看，技术开发和技术服务合同占比超过八成；从输出主体看，企业输出的技术合同成交额占比持续提升，高校院所成果在本地转化的比例明显提高。',
    voice: '技术合同成交额的增长，反映出全市技术要素市场日趋活跃，科技成果转化成效逐步显现。',
  },
  {
    month: 10,
    day: 12,
    title: (y) => `江城市${y}年度科学技术奖励大会召开`,
    tags: ['award'],
    lead: (y, date) =>
      `${date}，江城市${y}年度科学技术奖励大会召开，大会表彰了一批在科学研究、技术创新和成果转化中作出突出贡献的单位和个人。`,
    detail: (y) =>
      `本年度共评出市科学技术奖${60 + (y % 5) * 4}项，其中一等奖${10 + (y % 3)}项。获奖项目涵盖集成电路、生物医药、新材料等领域，一批成果已实现产业化应用。`,
    voice: '要大力弘扬科学家精神，让创新人才受尊重、创新成果有回报。',
  },
];

const WORK_NEWS = 40;
const MEDIA_NEWS = 22;

/** Days back of the i-th of `count` items spread over the window, with a little jitter. */
const spread = (i: number, count: number): number => 1 + Math.floor((i * 710) / count) + ((i * 7) % 5);

function context(i: number, d: number, f: number, at: number): NewsContext {
  return {
    d: pick(DISTRICTS, d).name,
    f: pick(FIELDS, f),
    date: cnMonthDay(at),
    venue: pick(VENUES, i * 3),
    partner: pick(PARTNERS, i),
    a: 20 + ((i * 7) % 60),
    b: 3 + ((i * 5) % 12),
    c: 2 + ((i * 3) % 9),
  };
}

/** The first title of the variants (district and field moved on) that is not taken yet. */
function freshContext(used: Set<string>, i: number, at: number, title: (x: NewsContext) => string): NewsContext {
  for (let shift = 0; shift < DISTRICTS.length * FIELDS.length; shift += 1) {
    const x = context(i, i * 3 + Math.floor(i / 12) + shift, i * 7 + 2 * Math.floor(i / 12) + shift * 3, at);
    if (!used.has(title(x))) {
      used.add(title(x));
      return x;
    }
  }
  throw new Error(`demo news ${i}: every variant of its title is taken`);
}

function news(today0: number): Item[] {
  const items: Item[] = [];
  const used = new Set<string>();
  for (let i = 0; i < WORK_NEWS; i += 1) {
    const event = pick(NEWS_EVENTS, i);
    const at = today0 - spread(i, WORK_NEWS) * DAY;
    const x = freshContext(used, i, at, event.title);
    const district = DISTRICTS.find((candidate) => candidate.name === x.d) ?? pick(DISTRICTS, 0);
    const who = event.city ? '市科委相关负责人' : `${x.d}科技主管部门相关负责人`;
    items.push({
      at,
      kind: 'news',
      catalogName: '工作动态',
      title: event.title(x),
      source: event.city ? AGENCIES.kw.name : district.agency.name,
      tags: event.tags,
      summary: event.lead(x),
      body: () => [p(event.lead(x)), p(event.detail(x)), p(`${who}表示，${event.voice}`), p(NEXT_STEPS[event.tags[0] ?? 'rnd'])].join(''),
    });
  }
  for (let i = 0; i < MEDIA_NEWS; i += 1) {
    const story = pick(MEDIA_STORIES, i);
    const media = pick(MEDIA, i * 2 + Math.floor(i / 7));
    const at = today0 - spread(i, MEDIA_NEWS) * DAY - 2 * DAY;
    const title = (x: NewsContext): string => `${media}：${story.headline(x)}`;
    const x = freshContext(used, i + 5, at, title);
    items.push({
      at,
      kind: 'news',
      catalogName: '媒体关注',
      title: title(x),
      source: media,
      tags: story.tags,
      summary: `${media}以《${story.headline(x)}》为题，报道了${x.d}推进${story.theme}的做法和成效。`,
      body: () =>
        [
          p(`${x.date}，${media}以《${story.headline(x)}》为题，报道了${x.d}推进${story.theme}的做法和成效。以下为报道摘编。`),
          p(story.detail(x)),
          p(`${x.d}一家${x.f}企业的负责人说：“${story.quote}”`),
          p(NEXT_STEPS[story.tags[0] ?? 'rnd']),
        ].join(''),
    });
  }
  for (let year = yearOf(today0) - 2; year <= yearOf(today0); year += 1) {
    for (const event of ANNUAL_EVENTS) {
      const at = Date.UTC(year, event.month, event.day);
      if (at > today0 || today0 - at > WINDOW_DAYS * DAY) continue;
      items.push({
        at,
        kind: 'news',
        catalogName: '新闻动态',
        title: event.title(year),
        source: AGENCIES.kw.name,
        tags: event.tags,
        summary: event.lead(year, cnMonthDay(at)),
        body: () =>
          [
            p(event.lead(year, cnMonthDay(at))),
            p(event.detail(year)),
            p(`市科委主要负责同志表示，${event.voice}`),
            p(NEXT_STEPS[event.tags[0] ?? 'rnd']),
          ].join(''),
      });
    }
  }
  return items;
}

// ---------------------------------------------------------------------------------------------

const byDate = (a: Item, b: Item): number => a.at - b.at || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);

/** Document numbers in date order, per issuer and year, with small gaps as real registers have. */
function number(items: readonly Item[]): void {
  const last = new Map<string, number>();
  for (const item of [...items].sort(byDate)) {
    if (!item.docPrefix) continue;
    const year = yearOf(item.at);
    const key = `${item.docPrefix}|${year}`;
    const next = (last.get(key) ?? 0) + 1 + (item.title.length % 3);
    last.set(key, next);
    item.docNumber = `${item.docPrefix}〔${year}〕${next}号`;
  }
}

function toData(item: Item, headline: boolean, cite: Cite): Record<string, unknown> {
  return {
    title: item.title,
    catalogName: item.catalogName,
    kind: item.kind,
    summary: item.summary,
    source: item.source,
    ...(item.docNumber ? { docNumber: item.docNumber } : {}),
    publishDate: isoDate(item.at),
    ...(item.validFrom !== undefined ? { validFrom: isoDate(item.validFrom) } : {}),
    ...(item.validUntil !== undefined ? { validUntil: isoDate(item.validUntil) } : {}),
    tags: [...item.tags],
    ...(headline ? { headline: true } : {}),
    body: item.body(item, cite),
  };
}

const latest = (items: readonly Item[], n: number): Item[] => [...items].sort(byDate).slice(-n);

/**
 * The demo articles as of `today`, oldest first: published ones, then DEMO_ARTICLE_DRAFTS drafts
 * (the latest notice, policy and news item, which an editor has prepared but not yet published).
 * About six recent published items headline the home page.
 */
export function demoArticles(today: Date): DemoArticle[] {
  const today0 = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const notices = [...programmeNotices(today0), ...generalNotices(today0)];
  const policyItems = policies(today0).sort(byDate);
  // Every other policy is interpreted; the latest one that is not stays a draft.
  const draftPolicy = policyItems.filter((_, i) => i % 2 === 1).at(-1);
  const interpretations = policyItems.flatMap((policy, i) =>
    i % 2 === 0 && policy.policy ? [interpretation(policy, policy.policy, i, today0)] : [],
  );
  const newsItems = news(today0);
  const all = [...notices, ...policyItems, ...interpretations, ...newsItems];
  number(all);

  const drafts = new Set<Item>([...latest(notices, 1), ...(draftPolicy ? [draftPolicy] : []), ...latest(newsItems, 1)]);
  const published = all.filter((item) => !drafts.has(item));
  const of = (kind: ArticleKind): Item[] => published.filter((item) => item.kind === kind);
  const headlines = new Set<Item>([...latest(of('news'), 3), ...latest(of('notice'), 2), ...latest(of('policy'), 1)]);

  const cite: Cite = (title, at) => {
    const issued = policyItems
      .filter((policy) => (policy.title === title || policy.title.startsWith(`${title}（`)) && policy.at <= at && !drafts.has(policy))
      .at(-1);
    return issued ? `《${issued.title}》（${issued.docNumber ?? ''}）` : '';
  };

  return [
    ...published.sort(byDate).map((item) => ({ data: toData(item, headlines.has(item), cite), published: true })),
    ...[...drafts].sort(byDate).map((item) => ({ data: toData(item, false, cite), published: false })),
  ];
}
