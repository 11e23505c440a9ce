/**
 * The demo's incubators (孵化载体): thirty of them spread over the seven districts of the made-up
 * 江城市, put together from parts (a district's place names, a kind, a field, a level) so every record
 * reads as a real one would and none is copied from anywhere.
 */
const DISTRICTS: readonly { key: string; places: readonly string[]; road: string }[] = [
  { key: 'dh', places: ['东湖', '翠湖', '湖滨'], road: '东湖大道' },
  { key: 'bj', places: ['北江', '汉北', '江岸'], road: '北江路' },
  { key: 'nh', places: ['南湖', '书城', '南望山'], road: '南湖大道' },
  { key: 'xl', places: ['西岭', '枫林', '云岭'], road: '西岭大街' },
  { key: 'qs', places: ['青山', '钢都', '建设'], road: '和平大道' },
  { key: 'gx', places: ['智谷', '未来城', '创新港'], road: '高新大道' },
  { key: 'lg', places: ['临港', '港湾', '港城'], road: '临港大道' },
];

const FIELDS: readonly { key: string; word: string; services: string }[] = [
  { key: '01', word: '电子信息', services: '集成电路设计公共服务平台、芯片测试验证' },
  { key: '02', word: '生物医药', services: '共享实验室、GMP中试车间、临床试验对接' },
  { key: '04', word: '新材料', services: '材料检测分析平台、小试中试场地' },
  { key: '08', word: '智能制造', services: '工业软件共享、样机加工、产线验证' },
  { key: '06', word: '新能源', services: '电池测试平台、储能系统验证' },
  { key: '05', word: '数字经济', services: '算力资源券、数据标注与开放数据对接' },
];

const KINDS: readonly { key: string; suffix: string; intro: string }[] = [
  { key: 'incubator', suffix: '科技企业孵化器', intro: '面向初创科技企业提供办公场地、创业辅导、投融资对接和知识产权等全链条孵化服务' },
  { key: 'maker', suffix: '众创空间', intro: '为大学生和科技人员创业团队提供开放式工位、创业培训和项目路演服务' },
  { key: 'accelerator', suffix: '企业加速器', intro: '为成长期科技企业提供独栋研发楼宇、中试场地和市场拓展支持' },
];

const LEVELS = ['national', 'provincial', 'municipal', 'municipal', 'provincial'] as const;
const OPERATORS = ['科技发展有限公司', '创业服务有限公司', '产业园运营管理有限公司', '创新投资有限公司'];
const SURNAMES = ['王', '李', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙'];
const GIVEN = ['晓峰', '婷', '志刚', '丽华', '建军', '雪', '海涛', '敏', '凯', '静怡'];

export type DemoIncubator = Record<string, unknown>;

export function demoIncubators(): DemoIncubator[] {
  const incubators: DemoIncubator[] = [];
  for (let n = 0; n < 30; n += 1) {
    const district = DISTRICTS[n % DISTRICTS.length]!;
    const place = district.places[Math.floor(n / DISTRICTS.length) % district.places.length]!;
    const field = FIELDS[(n * 5 + 1) % FIELDS.length]!;
    const kind = KINDS[(n * 2 + Math.floor(n / 7)) % KINDS.length]!;
    const level = LEVELS[n % LEVELS.length]!;
    const tenants = kind.key === 'maker' ? 20 + ((n * 7) % 40) : 30 + ((n * 13) % 90);
    const area = kind.key === 'maker' ? 1200 + ((n * 371) % 3800) : 8000 + ((n * 2741) % 52000);
    incubators.push({
      name: `江城${place}${field.word}${kind.suffix}`,
      district: district.key,
      kind: kind.key,
      level,
      techField: field.key,
      address: `江城市${place}${district.road}${18 + ((n * 37) % 600)}号`,
      operator: `江城${place}${OPERATORS[n % OPERATORS.length]}`,
      foundedYear: 2008 + ((n * 3) % 17),
      area,
      tenants,
      graduates: Math.floor(tenants * (0.4 + ((n * 11) % 10) / 10)),
      services: `${field.services}；创业导师辅导、政策申报辅导、投融资路演、知识产权代理、人才招聘对接。`,
      intro: `${place}${field.word}${kind.suffix}位于江城市${place}片区，${kind.intro}，重点服务${field.word}领域的科技型企业，现有在孵企业${tenants}家。`,
      contactName: `${SURNAMES[n % SURNAMES.length]}${GIVEN[(n * 3) % GIVEN.length]}`,
      contactPhone: `027-8${String(6000000 + ((n * 104729) % 3999999)).padStart(7, '0')}`,
    });
  }
  return incubators;
}
