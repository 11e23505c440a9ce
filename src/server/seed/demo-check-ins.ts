import { unifiedSocialCreditCheckChar } from '../../shared/rules/unified-social-credit-code';

/**
 * Demo settle-in applications (入驻申请), written for this portal: organisations of the city's
 * high-tech zone, each with a valid unified social credit code (GB 32100-2015 check character).
 */
interface CheckInPart {
  orgName: string;
  code17: string;
  orgType: string;
  legalPerson: string;
  registeredCapital: number;
  establishedDate: string;
  address: string;
  field: string;
  intro: string;
}

const PARTS: readonly CheckInPart[] = [
  {
    orgName: '星河智能科技有限公司',
    code17: '91420100MA4KT8Q2X',
    orgType: '1',
    legalPerson: '王建华',
    registeredCapital: 3000,
    establishedDate: '2016-03-18',
    address: '江城市高新区创新大道88号',
    field: '08',
    intro: '专注工业视觉检测与柔性装配系统，服务汽车零部件和消费电子制造企业。',
  },
  {
    orgName: '晴川新能源科技有限公司',
    code17: '91420100MA4L2R7N5',
    orgType: '1',
    legalPerson: '刘晓东',
    registeredCapital: 5000,
    establishedDate: '2018-09-06',
    address: '江城市东湖新区光谷三路18号',
    field: '06',
    intro: '从事磷酸铁锂电池低温电解液与储能系统集成的研发和生产。',
  },
  {
    orgName: '江城生物医药研究院有限公司',
    code17: '91420100MA4M6C3P8',
    orgType: '4',
    legalPerson: '陈立新',
    registeredCapital: 8000,
    establishedDate: '2020-11-20',
    address: '江城市生物医药产业园9号楼',
    field: '02',
    intro: '新型研发机构，提供小分子药物晶型筛选、制剂开发和临床前研究服务。',
  },
];

/** The n-th demo settle-in application (without its licence, which the seeder uploads for the owner). */
export function demoCheckIn(n: number): Record<string, unknown> {
  const { code17, ...part } = PARTS[n % PARTS.length]!;
  return { ...part, creditCode: code17 + unifiedSocialCreditCheckChar(code17), contactName: '周敏', contactPhone: '13600001111' };
}

export const DEMO_CHECK_IN_COUNT = PARTS.length;

/**
 * A one-page PDF that says what it is: the demo's stand-in for a scanned business licence (the
 * upload check reads its leading bytes, and a reviewer can open it).
 */
export function demoLicencePdf(): Buffer {
  const text = 'BT /F1 18 Tf 72 720 Td (Demo business licence - sample data of the Kechuang portal) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
