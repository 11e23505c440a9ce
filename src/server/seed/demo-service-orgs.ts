/**
 * The demo's technology service providers: twenty made-up testing labs, patent agencies, consultancies
 * and pilot plants of 江城市, put together from a kind of service, a district and a name part.
 */
const KINDS: readonly { type: string; suffix: string; services: string; qualification: string }[] = [
  {
    type: 'testing',
    suffix: '检验检测技术有限公司',
    services: '电子电气产品安规与电磁兼容检测、材料成分分析、可靠性试验。',
    qualification: 'CMA、CNAS认可实验室',
  },
  {
    type: 'ip',
    suffix: '知识产权代理事务所',
    services: '专利检索分析、专利申请与复审、商标注册、知识产权贯标辅导。',
    qualification: '国家知识产权局备案专利代理机构',
  },
  {
    type: 'consulting',
    suffix: '科技咨询有限公司',
    services: '高新技术企业认定辅导、研发费用归集、科技项目申报咨询。',
    qualification: '市级科技服务机构',
  },
  { type: 'novelty', suffix: '科技信息研究所', services: '科技查新、技术路线分析、产业情报研究。', qualification: '教育部科技查新工作站' },
  { type: 'pilot', suffix: '中试基地', services: '小试放大、中试生产、工艺验证和样品试制。', qualification: '市级中试平台' },
  {
    type: 'equipment',
    suffix: '大型仪器共享中心',
    services: '扫描电镜、质谱仪、核磁共振等大型科研仪器预约共享。',
    qualification: '市级大型科学仪器共享平台',
  },
  {
    type: 'software',
    suffix: '软件测评中心',
    services: '软件功能与性能测试、信息安全等级保护测评、源代码审计。',
    qualification: 'CNAS软件测试实验室',
  },
  {
    type: 'certification',
    suffix: '认证服务有限公司',
    services: '质量、环境和职业健康安全管理体系认证咨询，产品认证辅导。',
    qualification: '认证认可协会会员单位',
  },
];
const NAMES = ['华研', '博远', '知行', '启明', '中研', '汇智', '恒信', '聚源', '睿博', '明德'];
const DISTRICTS: readonly { key: string; road: string; name: string }[] = [
  { key: 'gx', road: '高新大道', name: '高新区' },
  { key: 'dh', road: '东湖大道', name: '东湖区' },
  { key: 'nh', road: '南湖大道', name: '南湖区' },
  { key: 'bj', road: '北江路', name: '北江区' },
  { key: 'lg', road: '临港大道', name: '临港新区' },
];

export function demoServiceOrgs(): Record<string, unknown>[] {
  const orgs: Record<string, unknown>[] = [];
  for (let n = 0; n < 20; n += 1) {
    const kind = KINDS[n % KINDS.length]!;
    const district = DISTRICTS[(n * 3) % DISTRICTS.length]!;
    const name = NAMES[(n * 7) % NAMES.length]!;
    orgs.push({
      name: `江城${name}${kind.suffix}`,
      serviceType: kind.type,
      district: district.key,
      address: `江城市${district.name}${district.road}${100 + ((n * 53) % 800)}号`,
      qualification: kind.qualification,
      services: kind.services,
      intro: `江城${name}${kind.suffix}位于${district.name}，长期服务本市科技型中小企业，${kind.services.replace(/。$/, '')}，可提供上门服务和线上预约。`,
      contactName: `${['陈', '林', '何', '高', '罗'][n % 5]}老师`,
      contactPhone: `027-8${String(5200000 + ((n * 6007) % 799999)).padStart(7, '0')}`,
    });
  }
  return orgs;
}
