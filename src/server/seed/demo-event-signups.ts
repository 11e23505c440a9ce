/**
 * Demo 活动报名 (event-signup): a few visitors signed up for each published event, so the events'
 * sign-up lists and the commission dashboard's sign-up figures (issue 31) show something. Names are
 * composed from common surnames and given names, organisations from the city's kinds of employer, and
 * the mobile numbers from a block no demo account or test uses. Each sign-up is dated days before its
 * event starts (and never after now), spread over the past weeks. Deterministic.
 */
export interface DemoEventSignup {
  data: Record<string, unknown>;
  /** When it was sent. */
  at: Date;
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林'];
const GIVEN = [
  '子涵',
  '浩然',
  '思远',
  '雨桐',
  '欣怡',
  '俊杰',
  '晓彤',
  '文博',
  '嘉怡',
  '志强',
  '佳琪',
  '明轩',
  '若曦',
  '建华',
  '婉清',
  '宇航',
];
const EMPLOYERS = [
  '光谷智能装备有限公司',
  '江城生物医药科技有限公司',
  '武汉理工大学科技园',
  '东湖新材料研究院',
  '楚天数据服务有限公司',
  '长江精密光学有限公司',
  '华中科技大学材料学院',
  '汉江新能源汽车零部件有限公司',
];
const NOTES = ['希望会后能与主讲嘉宾交流', '计划两人参加，另一位同事另行报名', '', '关注政策申报的具体材料要求', '', '希望获取会议资料'];

const DAY = 86_400_000;

/** The sign-ups of the seeded events (`id` and `startsAt` as stored), each event getting 3 to 11. */
export function demoEventSignups(events: readonly { id: string; startsAt: string }[], now: Date): DemoEventSignup[] {
  let serial = 0;
  return events.flatMap((event, eventIndex) => {
    const starts = Date.parse(event.startsAt);
    const count = 3 + ((eventIndex * 5) % 9);
    return Array.from({ length: count }, (_, n) => {
      serial += 1;
      const name = `${SURNAMES[(serial * 7) % SURNAMES.length]}${GIVEN[(serial * 5 + eventIndex) % GIVEN.length]}`;
      const note = NOTES[serial % NOTES.length] ?? '';
      // Days before the start, the earliest first; a sign-up for an event still to come was sent before today.
      const sent = Math.min(starts - (count - n) * 2 * DAY, now.getTime() - (count - n) * 3_600_000);
      return {
        data: {
          eventId: event.id,
          name,
          phone: `1391${String(2_000_000 + serial * 37).padStart(7, '0')}`,
          org: EMPLOYERS[(serial + eventIndex) % EMPLOYERS.length],
          ...(note ? { note } : {}),
        },
        at: new Date(sent),
      };
    });
  });
}
