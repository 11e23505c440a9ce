/**
 * The demo's projects seeking investment: twelve made-up start-ups of 江城市, each assembled from a
 * product, a company name and a stage, so they read like a real roadshow list.
 */
const PRODUCTS: readonly { field: string; name: string; highlights: string }[] = [
  { field: '01', name: '车规级毫米波雷达芯片', highlights: '已通过车规认证，获两家整车企业定点，2026年营收预计增长三倍。' },
  { field: '02', name: '肿瘤早筛液体活检试剂盒', highlights: '完成多中心临床验证，灵敏度和特异性均超过九成，已进入注册阶段。' },
  { field: '08', name: '协作机器人一体化关节模组', highlights: '核心部件全部自研，成本较进口方案低四成，年出货量超过五千套。' },
  { field: '06', name: '工商业储能智慧运维平台', highlights: '接入储能电站一百二十余座，运维效率提升三成，已实现盈利。' },
  { field: '04', name: '航空级碳纤维复合材料构件', highlights: '进入国内主要航空制造企业供应链，订单排产至明年二季度。' },
  { field: '05', name: '制造业质量检测视觉大模型', highlights: '在电子和汽车零部件产线部署，缺陷检出率达到九成九以上。' },
];
const COMPANIES = ['芯驰', '康瑞', '智擎', '储能云', '翔宇', '视联'];
const ROUNDS = ['angel', 'a', 'b', 'seed', 'a', 'b'] as const;
const DISTRICTS = ['gx', 'dh', 'nh', 'lg', 'bj', 'xl'];

export function demoFinancingProjects(): Record<string, unknown>[] {
  return Array.from({ length: 12 }, (_, n) => {
    const product = PRODUCTS[n % PRODUCTS.length]!;
    const company = `江城${COMPANIES[(n * 5) % COMPANIES.length]!}科技有限公司`;
    const round = ROUNDS[n % ROUNDS.length]!;
    const second = n >= PRODUCTS.length;
    return {
      name: `${product.name}${second ? '产业化' : '研发'}项目`,
      company,
      techField: product.field,
      round,
      amount: { seed: 300, angel: 800, a: 3000, b: 8000 }[round] * (second ? 2 : 1),
      district: DISTRICTS[n % DISTRICTS.length],
      highlights: product.highlights,
      intro: `${company}专注于${product.name}，团队核心成员来自本市高校和行业龙头企业。本轮融资主要用于产品迭代、产能建设和市场拓展。`,
    };
  });
}
