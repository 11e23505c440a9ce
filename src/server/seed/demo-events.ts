/**
 * The demo's events: fifteen briefings, roadshows, trainings and salons of the fictional city, put
 * together from a subject, a kind and a venue, dated around the Beijing day the demo is first seeded
 * and held in Beijing daytime (09:30 or 14:00): five already held, one three-day fair on now (open for
 * signing in from the QR code, whatever the hour) and nine to come.
 */
const SUBJECTS: readonly { kind: string; title: string; host: string; intro: string }[] = [
  {
    kind: 'lecture',
    title: '高新技术企业认定政策宣讲会',
    host: '江城市科学技术委员会',
    intro: '解读高新技术企业认定条件、研发费用归集口径和申报材料要求，现场答疑。',
  },
  {
    kind: 'roadshow',
    title: '硬科技项目投融资路演',
    host: '江城市科技金融服务中心',
    intro: '十个硬科技初创项目现场路演，邀请创业投资机构点评并开展一对一对接。',
  },
  {
    kind: 'training',
    title: '科技型中小企业评价入库培训',
    host: '江城市科技企业孵化器协会',
    intro: '讲解科技型中小企业评价指标和系统填报流程，帮助企业顺利入库。',
  },
  {
    kind: 'salon',
    title: '人工智能应用创新沙龙',
    host: '江城市人工智能产业联盟',
    intro: '邀请企业技术负责人分享大模型在制造、医疗场景的落地经验。',
  },
  {
    kind: 'matchmaking',
    title: '产学研合作供需对接会',
    host: '江城市技术转移中心',
    intro: '高校院所发布可转化科技成果，企业发布技术需求，现场开展供需对接。',
  },
];
const VENUES: readonly { district: string; address: string }[] = [
  { district: 'gx', address: '江城市高新大道666号创新大厦三楼报告厅' },
  { district: 'dh', address: '江城市东湖大道188号科技会堂' },
  { district: 'nh', address: '江城市南湖大道99号南湖创业街区路演中心' },
  { district: 'bj', address: '江城市北江路520号北江科创园会议中心' },
  { district: 'lg', address: '江城市临港大道1号临港新区政务服务中心' },
];
const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;
const BEIJING_OFFSET = 8 * HOUR;

/** The instant of a Beijing wall-clock time, `days` after the Beijing date of `now`. */
function beijingAt(now: Date, days: number, hour: number, minute = 0): number {
  const beijingMidnight = Math.floor((now.getTime() + BEIJING_OFFSET) / DAY) * DAY - BEIJING_OFFSET;
  return beijingMidnight + days * DAY + hour * HOUR + minute * MINUTE;
}

export function demoEvents(now: Date): Record<string, unknown>[] {
  // Held 1 to 40 days ago, and to come 1 to 45 days away, mornings and afternoons in turn.
  const held = [-40, -26, -14, -6, -1].map((days, n) => beijingAt(now, days, n % 2 === 0 ? 9 : 14, n % 2 === 0 ? 30 : 0));
  const coming = [1, 3, 5, 9, 14, 21, 30, 38, 45].map((days, n) => beijingAt(now, days, n % 2 === 0 ? 14 : 9, n % 2 === 0 ? 0 : 30));
  const events = [...held, ...coming].map((start, n) => ({ start, n: n < held.length ? n : n + 1 }));
  // The fair runs from yesterday 09:00 to tomorrow 17:30 in Beijing: on now at any hour of the seeding.
  const fair = beijingAt(now, -1, 9);
  const starts = [...events.slice(0, held.length), { start: fair, n: held.length }, ...events.slice(held.length)];
  return starts.map(({ start, n }) => {
    if (start === fair) return demoFair(now, start);
    const subject = SUBJECTS[n % SUBJECTS.length]!;
    const venue = VENUES[(n * 2) % VENUES.length]!;
    const edition = Math.floor(n / SUBJECTS.length) + 1;
    // A training takes the working day from 09:00 (with its lunch); the others a morning or an afternoon.
    const training = subject.kind === 'training';
    const begins = training ? start - ((start + BEIJING_OFFSET) % DAY) + 9 * HOUR : start;
    return {
      title: `${new Date(now.getTime() + BEIJING_OFFSET).getUTCFullYear()}年第${['一', '二', '三', '四'][edition - 1] ?? edition}期${subject.title}`,
      kind: subject.kind,
      host: subject.host,
      district: venue.district,
      address: venue.address,
      startsAt: new Date(begins).toISOString(),
      endsAt: new Date(begins + (training ? 8 : 3) * HOUR).toISOString(),
      capacity: [80, 120, 200, 60, 150][n % 5],
      intro: `${subject.intro}本期活动面向本市科技型企业、高校院所和创新创业团队，请提前报名，活动当天凭手机扫描现场二维码签到。`,
      contactName: ['刘老师', '张老师', '陈老师'][n % 3],
      contactPhone: `027-8${String(6500000 + ((n * 3181) % 499999)).padStart(7, '0')}`,
    };
  });
}

/** The city's three-day technology fair, on while the demo is seeded. */
function demoFair(now: Date, start: number): Record<string, unknown> {
  return {
    title: `${new Date(now.getTime() + BEIJING_OFFSET).getUTCFullYear()}江城科技成果展示交易会`,
    kind: 'matchmaking',
    host: '江城市科学技术委员会',
    district: 'gx',
    address: '江城市高新大道888号江城国际会展中心A馆',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 2 * DAY + 8.5 * HOUR).toISOString(),
    capacity: 3000,
    intro:
      '集中展示高校院所和企业的最新科技成果，设置成果发布、技术交易洽谈和投融资对接三个专区，每天 09:00 至 17:30 开放。参展和参观者到场后扫描展馆入口的二维码签到。',
    contactName: '赵老师',
    contactPhone: '027-86668888',
  };
}
