/**
 * The demo's technologies for transfer: twenty made-up results of the fictional city's universities,
 * institutes and companies, each assembled from a field's subject, a holder and the kind of deal.
 */
const SUBJECTS: readonly { field: string; name: string; applications: string; intro: string }[] = [
  {
    field: '01',
    name: '低功耗边缘计算芯片架构',
    applications: '智能安防、工业物联网终端',
    intro: '采用存算一体设计，在同等算力下功耗降低约40%，已完成流片验证。',
  },
  {
    field: '02',
    name: '新型口服缓释制剂工艺',
    applications: '慢性病用药、仿制药一致性评价',
    intro: '通过多层包衣控制药物释放速率，血药浓度波动小，工艺可在现有产线上实施。',
  },
  {
    field: '04',
    name: '高导热氮化硼复合材料',
    applications: '新能源汽车电池包、5G基站散热',
    intro: '导热系数达到8W/m·K以上，兼具电绝缘性能，原料国产化。',
  },
  {
    field: '08',
    name: '视觉引导的柔性装配机器人',
    applications: '3C电子装配、汽车零部件',
    intro: '基于深度学习的位姿识别，换产调试时间由数天缩短到两小时以内。',
  },
  {
    field: '06',
    name: '钠离子电池正极材料制备技术',
    applications: '储能电站、低速电动车',
    intro: '循环寿命超过3000次，原料成本较磷酸铁锂降低约30%。',
  },
  {
    field: '07',
    name: '工业废水膜法零排放处理工艺',
    applications: '化工、印染园区污水处理',
    intro: '采用高压反渗透与蒸发结晶组合工艺，水回收率达到95%以上。',
  },
  {
    field: '05',
    name: '面向中小企业的低代码数据中台',
    applications: '制造企业数字化转型',
    intro: '提供可视化数据建模和报表工具，部署周期短，已在十余家企业试用。',
  },
];
const HOLDERS = ['江城大学', '江城理工大学', '江城医科大学', '江城市工业技术研究院', '星河智能科技有限公司', '晴川新能源科技有限公司'];
const MATURITY = ['lab', 'pilot', 'small-batch', 'mass'] as const;
const TRANSFER = ['license', 'transfer', 'joint', 'equity'] as const;

export function demoTechnologies(): Record<string, unknown>[] {
  const technologies: Record<string, unknown>[] = [];
  for (let n = 0; n < 20; n += 1) {
    const subject = SUBJECTS[n % SUBJECTS.length]!;
    const holder = HOLDERS[(n * 5) % HOLDERS.length]!;
    const round = Math.floor(n / SUBJECTS.length);
    technologies.push({
      name: `${subject.name}${['', '（第二代）', '及其应用'][round] ?? ''}`,
      techField: subject.field,
      holder,
      maturity: MATURITY[(n + round) % MATURITY.length],
      transfer: TRANSFER[(n * 3) % TRANSFER.length],
      ...(n % 3 === 0 ? {} : { patentNo: `ZL2024${String(10000000 + ((n * 7331) % 89999999)).slice(0, 8)}.${n % 10}` }),
      applications: subject.applications,
      intro: `${holder}研发的${subject.name}${['', '（第二代）', '及其应用'][round] ?? ''}。${subject.intro}`,
      contactName: `${['吴', '郑', '冯', '蒋', '沈'][n % 5]}老师`,
      contactPhone: `027-8${String(7300000 + ((n * 4421) % 699999)).padStart(7, '0')}`,
    });
  }
  return technologies;
}
