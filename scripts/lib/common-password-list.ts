/**
 * The common-password list the server refuses (SECURITY R01, ASVS 6.2.4), built from parts because
 * the build machine reaches no breach corpus: the passwords that lead the published leak analyses
 * (English and Chinese sites alike), then words, names and pinyin people use, keyboard walks, digit
 * runs and dates, each with the endings people add to pass a composition rule. Deterministic: the
 * same parts give the same file, in the same order (most likely first).
 *
 * Every line is lower case: the server lower-cases a password before the lookup, so "Password1!"
 * and "PASSWORD1!" meet "password1!" here and capitals need no lines of their own.
 */

/** Where the list is committed, relative to the repository root; the server reads it at start-up. */
export const COMMON_PASSWORDS_FILE = 'src/server/services/passwords/common-passwords.txt';

/** The head of every published top list (SplashData, NordPass, the CSDN and 178 leaks). */
const TOP: readonly string[] = [
  '123456', 'password', '12345678', 'qwerty', '123456789', '12345', '1234', '111111', '1234567', 'dragon',
  '123123', 'baseball', 'abc123', 'football', 'monkey', 'letmein', '696969', 'shadow', 'master', '666666',
  'qwertyuiop', '123321', 'mustang', '1234567890', 'michael', '654321', 'superman', '1qaz2wsx', '7777777', '121212',
  '000000', 'qazwsx', '123qwe', 'killer', 'trustno1', 'jordan', 'jennifer', 'zxcvbnm', 'asdfgh', 'hunter',
  'buster', 'soccer', 'harley', 'batman', 'andrew', 'tigger', 'sunshine', 'iloveyou', 'charlie', 'robert',
  'thomas', 'hockey', 'ranger', 'daniel', 'starwars', 'klaster', '112233', 'george', 'computer', 'michelle',
  'jessica', 'pepper', '1111', 'zxcvbn', '555555', '11111111', '131313', 'freedom', '777777', 'pass',
  'maggie', '159753', 'aaaaaa', 'ginger', 'princess', 'joshua', 'cheese', 'amanda', 'summer', 'love',
  'ashley', 'nicole', 'chelsea', 'biteme', 'matthew', 'access', 'yankees', '987654321', 'dallas', 'austin',
  'thunder', 'taylor', 'matrix', 'welcome', 'admin', 'root', 'login', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'password1', 'password123', 'qwerty123', 'qwe123', 'abc123456', 'a123456', '123456a', 'a123456789', 'aa123456', 'qq123456',
  '5201314', 'woaini', 'woaini1314', '1314520', '5211314', '7758521', '7758258', '520520', '1314521', '147258369',
  '1qaz2wsx3edc', '1q2w3e4r', '1q2w3e', '1q2w3e4r5t', 'zaq12wsx', 'qweasd', 'qweasdzxc', 'asd123', 'zxc123', 'qwer1234',
  '1234qwer', 'wang1234', 'woaiwojia', 'iloveyou1', 'admin123', 'admin888', 'root123', 'test123', 'guest', '88888888',
  '66666666', '168168', '888888', '999999', '123654', '147258', '159357', '321321', '521521', '5845201314',
];

/** Words people build passwords from; the portal's own names are the context list's business. */
const ENGLISH: readonly string[] = [
  'password', 'passwd', 'pass', 'admin', 'administrator', 'root', 'user', 'test', 'guest', 'login',
  'welcome', 'master', 'dragon', 'monkey', 'letmein', 'shadow', 'sunshine', 'princess', 'football', 'baseball',
  'soccer', 'superman', 'batman', 'iloveyou', 'hello', 'freedom', 'whatever', 'secret', 'love', 'lover',
  'summer', 'winter', 'spring', 'autumn', 'china', 'beijing', 'shanghai', 'guangzhou', 'shenzhen', 'wuhan',
  'qwerty', 'abc', 'abcd', 'abcdef', 'computer', 'internet', 'system', 'server', 'office', 'manager',
  'company', 'service', 'security', 'network', 'changeme', 'default', 'temp', 'demo', 'sample', 'oracle',
  'mysql', 'sa', 'super', 'boss', 'happy', 'lucky', 'angel', 'baby', 'tiger', 'lion',
  'apple', 'orange', 'banana', 'cherry', 'flower', 'rose', 'sky', 'star', 'sun', 'moon',
  'jordan', 'michael', 'charlie', 'thomas', 'daniel', 'george', 'jessica', 'ashley', 'nicole', 'hunter',
  'killer', 'ranger', 'matrix', 'starwars', 'pokemon', 'naruto', 'google', 'iphone', 'huawei', 'windows',
  'xiaomi', 'qq', 'wechat', 'weixin', 'taobao', 'alibaba', 'baidu', 'tencent', 'jack', 'tom',
];

/** The commonest Chinese full names in pinyin, and the surnames alone. */
const PINYIN_NAMES: readonly string[] = [
  'zhangwei', 'wangwei', 'wangfang', 'liwei', 'lina', 'zhangmin', 'lijing', 'wangjing', 'liuwei', 'wangxiuying',
  'zhangli', 'lixiuying', 'wangli', 'zhangjing', 'zhangxiuying', 'liqiang', 'wangmin', 'limin', 'wanglei', 'liuyang',
  'wangyan', 'wangyong', 'lijun', 'zhangyong', 'lijie', 'zhangjie', 'zhanglei', 'wangqiang', 'lijuan', 'wangjun',
  'zhangyan', 'zhangtao', 'wangtao', 'liyan', 'wangchao', 'liming', 'liyong', 'wangjuan', 'liuyan', 'liuchang',
  'chenjing', 'chenwei', 'yangwei', 'zhaowei', 'huangwei', 'zhouwei', 'wuwei', 'xuwei', 'sunwei', 'zhuwei',
  'wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou',
  'xu', 'sun', 'ma', 'zhu', 'hu', 'guo', 'he', 'gao', 'lin', 'luo',
  'zheng', 'liang', 'xie', 'song', 'tang', 'han', 'feng', 'deng', 'cao', 'peng',
];

/** Pinyin words and pet names of the Chinese leaks (爱你, 宝贝, 老婆…). */
const PINYIN_WORDS: readonly string[] = [
  'woaini', 'aini', 'woaiwojia', 'wojiaini', 'woaini1314', 'baobao', 'baobei', 'laopo', 'laogong', 'xiaobao',
  'tiantian', 'xiaoxiao', 'qingqing', 'yangyang', 'haha', 'hehe', 'nihao', 'zhongguo', 'kuaile', 'xingfu',
  'mima', 'mimamima', 'aiqing', 'yongyuan', 'xiaoming', 'xiaohong', 'xiaowang', 'xiaoli', 'xiaozhang', 'dandan',
  'lele', 'feifei', 'jiajia', 'tingting', 'yueyue', 'beibei', 'huanhuan', 'qianqian', 'shanshan', 'wenwen',
  'aiwo', 'woaiwo', 'ainiyiwannian', 'yiwannian', 'shengri', 'zhufu', 'fendou', 'jiayou', 'dashen', 'shifu',
];

/** Rows, columns and zig-zags of the keyboard. */
const KEYBOARD: readonly string[] = [
  'qwerty', 'qwertyuiop', 'qwert', 'qwer', 'qwe', 'asdf', 'asdfgh', 'asdfghjkl', 'zxcv', 'zxcvbn',
  'zxcvbnm', 'qaz', 'qazwsx', 'qazwsxedc', '1qaz', '1qaz2wsx', '1qaz2wsx3edc', 'zaq1', 'zaq12wsx', '1q2w3e',
  '1q2w3e4r', '1q2w3e4r5t', 'q1w2e3r4', 'qweasd', 'qweasdzxc', 'asdzxc', 'poiuytrewq', 'lkjhgfdsa', 'mnbvcxz', '1qazxsw2',
  'qwe123', 'asd123', 'zxc123', 'qaz123', '123qwe', '123asd', '123zxc', 'qwer1234', '1234qwer', 'asdf1234',
  '!qaz2wsx', '1qaz@wsx', '!qaz@wsx', 'q1w2e3', 'a1b2c3', 'a1b2c3d4', 'abc', 'abcd', 'abcde', 'abcdef',
];

/** The endings people add to a word until a rule is satisfied, commonest first. */
const SUFFIXES: readonly string[] = [
  '', '1', '123', '!', '@', '12', '1234', '123456', '12345', '123!', '1!', '@123', '#', '.', '#123', '!@#',
  '520', '1314', '5201314', '888', '666', '88', '66', '99', '01', '007', '111', '000', '2024', '2025', '2026',
  '@2024', '@2025', '@2026', '2025!', '@1234', '@123456', '123@', 'abc',
];

/** A few prefixes of the Chinese leaks (a123456, qq123456, abc123456). */
const PREFIXES: readonly string[] = ['a', 'aa', 'qq', 'abc', 'zz', 'w', 'wang', 'li', 'zhang', '@'];

const DIGIT_RUNS: readonly string[] = ['123', '1234', '12345', '123456', '1234567', '12345678', '123456789', '1234567890', '654321', '987654321', '0123456789', '111111', '000000', '888888', '666666'];

/** a→@, o→0, i→1, e→3, s→$: each alone and all together, as people do to pass a symbol rule. */
const LEET: readonly (readonly [string, string])[] = [
  ['a', '@'],
  ['o', '0'],
  ['i', '1'],
  ['e', '3'],
  ['s', '$'],
];

function leetVariants(word: string): string[] {
  const variants = LEET.filter(([from]) => word.includes(from)).map(([from, to]) => word.replaceAll(from, to));
  const all = LEET.reduce((text, [from, to]) => text.replaceAll(from, to), word);
  return [...variants, all];
}

function years(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_unused, index) => String(from + index));
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** Birthdays and anniversaries in the shapes people type them: 19900101, 1990-01-01, 900101. */
function dates(): string[] {
  const out: string[] = [];
  for (const year of years(1970, 2010)) {
    for (let month = 1; month <= 12; month += 1) {
      for (const day of [1, 15]) {
        out.push(`${year}${pad(month)}${pad(day)}`, `${year}-${pad(month)}-${pad(day)}`, `${year.slice(2)}${pad(month)}${pad(day)}`);
      }
    }
  }
  return out;
}

/** Every digit repeated, and the runs up and down. */
function digitPatterns(): string[] {
  const out: string[] = [];
  for (let length = 4; length <= 12; length += 1) {
    for (let digit = 0; digit <= 9; digit += 1) out.push(String(digit).repeat(length));
  }
  const up = '01234567890';
  const down = '9876543210';
  for (let start = 0; start <= 1; start += 1) {
    for (let length = 4; length <= 10; length += 1) out.push(up.slice(start, start + length), down.slice(start, start + length));
  }
  for (const run of ['12', '123', '1234', '12345']) out.push(run.repeat(2), run.repeat(3), run + [...run].reverse().join(''));
  out.push('112233', '11223344', '111222', '111222333', '147258', '147258369', '741852963', '159357', '159753', '135790', '246810', '13579', '24680');
  return out;
}

/**
 * The list, most likely first, lower case and without repeats. At least 10,000 lines (SECURITY R01
 * asks for the top 3,000; issue 15 for 10,000).
 */
export function commonPasswordList(): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const add = (value: string): void => {
    const lower = value.toLowerCase();
    if (lower.length === 0 || seen.has(lower)) return;
    seen.add(lower);
    out.push(lower);
  };

  TOP.forEach(add);
  const words = [...ENGLISH, ...PINYIN_WORDS, ...KEYBOARD, ...PINYIN_NAMES];
  // Word plus ending, for every word: the shape that meets a 3-of-4 rule with a capital in front.
  for (const suffix of SUFFIXES) for (const word of words) add(word + suffix);
  for (const prefix of PREFIXES) for (const run of DIGIT_RUNS) add(prefix + run);
  // Leet spellings, bare and with the commonest endings.
  for (const word of ENGLISH) {
    for (const variant of leetVariants(word)) for (const suffix of SUFFIXES.slice(0, 8)) add(variant + suffix);
  }
  // Names, pet names and words with a year, bare or behind @ or a dot (zhangwei1990, woaini@2020).
  for (const year of years(1970, 2026)) {
    add(year);
    for (const word of [...PINYIN_NAMES, ...PINYIN_WORDS.slice(0, 10), ...ENGLISH.slice(0, 10)]) add(word + year);
    for (const word of [...PINYIN_NAMES.slice(0, 10), ...PINYIN_WORDS.slice(0, 5), ...ENGLISH.slice(0, 5)]) add(`${word}@${year}`);
  }
  // Names with a two-digit year (zhangwei88).
  for (let year = 70; year <= 99; year += 1) for (const word of PINYIN_NAMES.slice(0, 50)) add(word + String(year));
  digitPatterns().forEach(add);
  dates().forEach(add);
  return out;
}
