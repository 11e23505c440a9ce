/**
 * The demo catalogs (栏目) of the portal's news and policies: the four kinds of content at the top,
 * and sub-catalogs under them that hold the same kind, so a parent's list can show everything
 * beneath it. The policy catalogs are provincial, municipal and district ones: the demo city 江城市
 * lies in the made-up province 江川省, so no made-up document is put in a real national body's name.
 */
export type ArticleKind = 'notice' | 'policy' | 'interpretation' | 'news';

export type DemoCatalog = {
  name: string;
  nameEn: string;
  code: string;
  parentName?: string;
  kind: ArticleKind;
  sort: number;
  description: string;
};

export const DEMO_CATALOGS = [
  {
    name: '通知公告',
    nameEn: 'Notices',
    code: 'notice',
    kind: 'notice',
    sort: 10,
    description: '市科技主管部门及有关部门发布的项目申报、评审公示、结果公告和其他工作通知。',
  },
  {
    name: '申报通知',
    nameEn: 'Calls for applications',
    code: 'notice-apply',
    parentName: '通知公告',
    kind: 'notice',
    sort: 11,
    description: '各类科技计划项目、资金和资质认定的申报通知，载明申报条件、支持方式和截止时间。',
  },
  {
    name: '公示公告',
    nameEn: 'Announcements',
    code: 'notice-public',
    parentName: '通知公告',
    kind: 'notice',
    sort: 12,
    description: '项目评审、资质认定和奖励的拟支持名单公示及结果公告。',
  },
  {
    name: '政策文件',
    nameEn: 'Policies',
    code: 'policy',
    kind: 'policy',
    sort: 20,
    description: '与科技创新相关的政策文件，含有效期内和已失效的政策，以及全市性的规划和行动方案。',
  },
  {
    name: '省级政策',
    nameEn: 'Provincial policies',
    code: 'policy-province',
    parentName: '政策文件',
    kind: 'policy',
    sort: 21,
    description: '江川省人民政府及省级部门印发的科技创新政策。',
  },
  {
    name: '市级政策',
    nameEn: 'Municipal policies',
    code: 'policy-city',
    parentName: '政策文件',
    kind: 'policy',
    sort: 22,
    description: '江城市人民政府及市级部门印发的支持措施、管理办法和实施细则。',
  },
  {
    name: '区级政策',
    nameEn: 'District policies',
    code: 'policy-district',
    parentName: '政策文件',
    kind: 'policy',
    sort: 23,
    description: '各区人民政府和功能区管理委员会印发的科技创新扶持政策。',
  },
  {
    name: '政策解读',
    nameEn: 'Interpretations',
    code: 'interpretation',
    kind: 'interpretation',
    sort: 30,
    description: '对已印发政策的出台背景、主要内容、适用对象和施行时间的解读。',
  },
  { name: '新闻动态', nameEn: 'News', code: 'news', kind: 'news', sort: 40, description: '全市科技创新工作的重要会议、活动和统计数据。' },
  {
    name: '工作动态',
    nameEn: 'Work updates',
    code: 'news-work',
    parentName: '新闻动态',
    kind: 'news',
    sort: 41,
    description: '市、区科技主管部门开展调研、对接、宣讲和培训等工作的动态。',
  },
  {
    name: '媒体关注',
    nameEn: 'In the media',
    code: 'news-media',
    parentName: '新闻动态',
    kind: 'news',
    sort: 42,
    description: '新闻媒体对本市科技创新工作的报道摘编。',
  },
] as const satisfies readonly DemoCatalog[];

export type DemoCatalogName = (typeof DEMO_CATALOGS)[number]['name'];
