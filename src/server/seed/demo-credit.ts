import { residentIdCheckChar } from '../../shared/rules/resident-id-number';
import { unifiedSocialCreditCheckChar } from '../../shared/rules/unified-social-credit-code';

/**
 * Demo credit records (科研诚信信用信息), written for this portal: made-up researchers with valid
 * identity numbers of made-up people, and one organisation, across the kinds of misconduct.
 */
const idNumber = (first17: string): string => first17 + residentIdCheckChar(first17);
const creditCode = (first17: string): string => first17 + unifiedSocialCreditCheckChar(first17);

export const DEMO_CREDIT: readonly Record<string, unknown>[] = [
  {
    subjectType: 'person',
    subjectName: '孙某',
    idNumber: idNumber('42010619850412331'),
    creditType: 'plagiarism',
    severity: 'serious',
    facts: '在省级科技计划项目申报书中大段抄袭他人已发表论文的研究内容，经专家比对认定。',
    basisName: '江科信〔2026〕3号处理决定',
    decisionDate: '2026-02-10',
    validUntil: '2028-02-09',
    responsibleUnit: '江城理工大学',
  },
  {
    subjectType: 'person',
    subjectName: '钱某某',
    idNumber: idNumber('42010219790923181'),
    creditType: 'fundMisuse',
    severity: 'grave',
    facts: '将市级科技项目专项经费用于与项目无关的设备采购和差旅支出，金额共计46.8万元。',
    basisName: '江科信〔2026〕7号处理决定',
    decisionDate: '2026-04-22',
    validUntil: '2031-04-21',
    responsibleUnit: '江城市农业科学院',
  },
  {
    subjectType: 'unit',
    subjectName: '江城某生物技术有限公司',
    creditCode: creditCode('91420100MA4R5T2M8'),
    creditType: 'falseApplication',
    severity: 'minor',
    facts: '在高新技术企业认定申报中提供与实际不符的研发人员名单和研发费用归集表。',
    basisName: '江科信〔2026〕9号处理决定',
    decisionDate: '2026-06-05',
    validUntil: '2027-06-04',
    responsibleUnit: '江城高新区科技局',
  },
];
