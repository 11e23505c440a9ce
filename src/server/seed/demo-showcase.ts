/**
 * The demo's show-case: eighteen achievements, innovation-and-entrepreneurship stories and innovation
 * platforms of the fictional 江城市, each put together from a subject, an organisation and a district;
 * every third one is featured in the carousel.
 */
const ITEMS: readonly { category: string; subject: string; summary: string }[] = [
  {
    category: 'achievement',
    subject: '高精度光纤陀螺实现批量生产',
    summary: '历时五年攻关，产品精度达到国际先进水平，已应用于测绘和轨道交通领域。',
  },
  { category: 'achievement', subject: '可降解心脏支架完成临床试验', summary: '支架植入两年内逐步降解，临床随访结果良好，已提交注册申请。' },
  { category: 'achievement', subject: '工业机器人关节减速器打破国外垄断', summary: '自主设计的精密减速器寿命超过两万小时，成本降低四成。' },
  {
    category: 'double',
    subject: '返乡青年创办智慧农业企业',
    summary: '以物联网监测和数据服务帮助合作社降本增效，带动周边两千余农户增收。',
  },
  { category: 'double', subject: '大学生团队研发无障碍出行应用', summary: '应用覆盖全市公交和地铁站点，获全国大学生创新创业大赛金奖。' },
  { category: 'double', subject: '退役军人创业团队深耕应急装备', summary: '研发的便携式应急照明和通信设备已在多地防汛抗灾中使用。' },
  { category: 'platform', subject: '新型显示技术创新中心', summary: '聚焦柔性显示材料和器件，开放中试线和检测平台，服务企业六十余家。' },
  {
    category: 'platform',
    subject: '生物医药公共技术服务平台',
    summary: '提供药物筛选、动物实验和质量检测等一站式服务，年服务项目三百余项。',
  },
  {
    category: 'platform',
    subject: '工业互联网标识解析二级节点',
    summary: '为装备制造企业提供产品追溯和供应链协同服务，接入企业超过四百家。',
  },
];
const ORGS = ['江城大学', '星河智能科技有限公司', '江城市工业技术研究院', '晴川新能源科技有限公司', '江城医科大学', '江城理工大学'];
const DISTRICTS = ['gx', 'dh', 'nh', 'bj', 'xl', 'qs', 'lg'];
const DAY = 86_400_000;

export function demoShowcase(now: Date): Record<string, unknown>[] {
  return Array.from({ length: 18 }, (_, n) => {
    const item = ITEMS[n % ITEMS.length]!;
    const org = ORGS[(n * 5) % ORGS.length]!;
    const second = n >= ITEMS.length;
    return {
      title: `${org}：${item.subject}${second ? '（续）' : ''}`,
      category: item.category,
      org,
      district: DISTRICTS[n % DISTRICTS.length],
      featured: n % 3 === 0,
      publishDate: new Date(now.getTime() + 8 * 3_600_000 - (n * 9 + 2) * DAY).toISOString().slice(0, 10),
      summary: item.summary,
      body: `${item.summary}${org}表示，将继续加大研发投入，深化与本市企业和高校院所的合作，推动更多成果在江城落地转化。`,
    };
  });
}
