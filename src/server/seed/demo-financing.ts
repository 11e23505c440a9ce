import { unifiedSocialCreditCheckChar } from '../../shared/rules/unified-social-credit-code';

/**
 * Demo financing applications (融资申请), written for this portal: a loan for an IP-pledge product,
 * an equity round, and an investor's registration, each from an organisation of the demo with a
 * valid unified social credit code.
 */
const code = (first17: string): string => first17 + unifiedSocialCreditCheckChar(first17);
const contact = { contactName: '周敏', contactPhone: '13600001111' };

export const DEMO_FINANCING: readonly Record<string, unknown>[] = [
  {
    applyType: 'equity',
    company: '星河智能科技有限公司',
    creditCode: code('91420100MA4KT8Q2X'),
    round: 'a',
    equityAmount: 3000,
    equityShare: 12,
    valuation: 22000,
    projectIntro: '面向汽车零部件产线的工业视觉缺陷检测系统，已在三家整车配套企业落地，检测准确率99.2%。',
    useOfFunds: '扩充算法研发团队，建设第二条柔性装配示范线，补充流动资金。',
    ...contact,
  },
  {
    applyType: 'loan',
    company: '星河智能科技有限公司',
    creditCode: code('91420100MA4KT8Q2X'),
    productName: '科创知识产权质押贷',
    lender: '江城农商银行高新支行',
    loanAmount: 500,
    termMonths: 12,
    guaranteeType: 'ip',
    loanPurpose: '采购视觉检测设备核心元器件，支付新签订单的备货款。',
    ...contact,
  },
  {
    applyType: 'institution',
    company: '江城高新创业投资有限公司',
    creditCode: code('91420100MA4N9D6K3'),
    institutionType: 'vc',
    fundSize: 15,
    investField: '06',
    investStage: 'a',
    institutionIntro: '由高新区管委会和社会资本共同发起，重点投资新能源、先进制造领域的成长期科技企业。',
    ...contact,
  },
  {
    applyType: 'equity',
    company: '晴川新能源科技有限公司',
    creditCode: code('91420100MA4L2R7N5'),
    round: 'angel',
    equityAmount: 800,
    equityShare: 10,
    valuation: 7200,
    projectIntro: '低温磷酸铁锂电解液中试项目，零下30摄氏度容量保持率达到85%，已与两家储能企业签订试用协议。',
    useOfFunds: '建设百吨级中试线，开展储能电站示范应用。',
    ...contact,
  },
];
