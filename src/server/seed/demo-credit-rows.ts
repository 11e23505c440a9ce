import { residentIdCheckChar } from '../../shared/rules/resident-id-number';
import { unifiedSocialCreditCheckChar } from '../../shared/rules/unified-social-credit-code';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const GIVEN = [
  '建国',
  '晓明',
  '丽华',
  '志强',
  '秀英',
  '海涛',
  '静怡',
  '文博',
  '子涵',
  '国栋',
  '雨萱',
  '振宇',
  '梦瑶',
  '立新',
  '思远',
  '嘉欣',
];
const CITY_PARTS = ['江城', '临川', '青湾', '北岸', '南溪', '东湖', '西岭', '云港'];
const UNIT_KINDS = [
  '生物医药科技有限公司',
  '智能装备有限公司',
  '新材料研究院',
  '电子信息技术有限公司',
  '环境工程研究所',
  '数据科技有限公司',
];
const UNIVERSITIES = ['江城大学', '临川理工学院', '青湾医科大学', '北岸师范大学', '江城市农业科学院', '南溪工业技术研究院'];
const CREDIT_TYPES = [
  '抄袭、剽窃他人科研成果',
  '伪造、篡改研究数据',
  '买卖、代写、代投论文',
  '提供虚假申报材料',
  '违规使用科研经费',
  '评审活动中违规',
];
const SEVERITIES = ['一般', '较重', '严重'];
const FACTS = [
  '在省级科技计划项目结题报告中篡改实验数据，经专家组复核确认。',
  '申报市级人才项目时提供虚假的论文收录证明，经调查核实。',
  '发表的学术论文中大段抄袭他人已发表成果，未作任何引注。',
  '将科研项目经费用于购置与项目无关的个人消费品，金额较大。',
  '在项目评审中与申报单位私下联系并收受礼品，违反回避规定。',
  '委托第三方机构代写并代投论文，用于职称评审材料。',
];
const AREA_CODES = ['110105', '310104', '320102', '330106', '420106', '510107'];

function pick<T>(items: readonly T[], n: number): T {
  return items[n % items.length] as T;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** A resident identity number with a correct check character, different for each n. */
export function demoIdNumber(n: number): string {
  const year = 1960 + (n % 40);
  const month = 1 + (n % 12);
  const day = 1 + (n % 28);
  const first17 = `${pick(AREA_CODES, n)}${year}${pad(month, 2)}${pad(day, 2)}${pad(n % 1000, 3)}`;
  return first17 + residentIdCheckChar(first17);
}

/** A unified social credit code with a correct check character, different for each n. */
export function demoCreditCode(n: number): string {
  const first17 = `91${pick(AREA_CODES, n)}${pad(n % 1_000_000_000, 9)}`;
  return first17 + unifiedSocialCreditCheckChar(first17);
}

/**
 * Row n of a credit-information import sheet as an officer fills it in (labels, not keys), in the
 * import template's column order: subject type, name, identity number, credit code, misconduct,
 * gravity, facts, decision, decided on, in force until, responsible unit. Every second row is a unit.
 */
export function demoCreditRow(n: number): string[] {
  const isUnit = n % 2 === 1;
  const year = 2022 + (n % 4);
  const month = pad(1 + (n % 12), 2);
  const day = pad(1 + (n % 27), 2);
  const unitName = `${pick(CITY_PARTS, n)}${pick(CITY_PARTS, n + 3)}${pick(UNIT_KINDS, n)}`;
  return [
    isUnit ? '单位' : '科研人员',
    isUnit ? unitName : `${pick(SURNAMES, n)}${pick(GIVEN, Math.floor(n / 7))}`,
    isUnit ? '' : demoIdNumber(n),
    isUnit ? demoCreditCode(n) : '',
    pick(CREDIT_TYPES, n),
    pick(SEVERITIES, Math.floor(n / 3)),
    pick(FACTS, n),
    `江科信〔${year}〕${1 + (n % 300)}号处理决定`,
    `${year}-${month}-${day}`,
    `${year + 3}-${month}-${day}`,
    pick(UNIVERSITIES, n),
  ];
}
