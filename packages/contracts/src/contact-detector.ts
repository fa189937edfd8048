/**
 * Finds contact details (phone, QQ, WeChat) in text users publish, so that deals stay on the platform.
 * Matching runs on a normalised copy: the usual disguises — zero-width characters, soft hyphens,
 * full-width and circled digits, Chinese numerals (一三八, 壹叁捌, 幺/拐/洞), digits spaced or
 * dotted apart, homophones of 微信 — all reduce to the plain form first. One function for listings
 * now and chat later; the web uses it to warn before submitting.
 *
 * Thresholds keep ordinary listing numbers innocent (V10, 100级, 皮肤138个, 战力12345): a digit run
 * is a contact when it holds a mobile number (1[3-9] + 9 digits) or is 9 digits or longer; shorter
 * numbers count only next to a QQ/WeChat word.
 */

export type ContactKind = 'phone' | 'qq' | 'wechat' | 'long_number';

export interface ContactFinding {
  kind: ContactKind;
  /** The normalised text that matched (for logs and moderation notes, never shown as is). */
  match: string;
}

// Characters that render as nothing and split a word without being seen: zero-width spaces and
// joiners, soft hyphens, direction marks, variation selectors, fillers (Unicode's own list).
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

const DIGIT_WORDS: Record<string, string> = {
  零: '0',
  〇: '0',
  洞: '0',
  一: '1',
  壹: '1',
  幺: '1',
  么: '1',
  二: '2',
  贰: '2',
  貳: '2',
  两: '2',
  三: '3',
  叁: '3',
  參: '3',
  四: '4',
  肆: '4',
  五: '5',
  伍: '5',
  六: '6',
  陆: '6',
  陸: '6',
  七: '7',
  柒: '7',
  拐: '7',
  八: '8',
  捌: '8',
  九: '9',
  玖: '9',
  勾: '9',
};
// Dingbat circled digits have no compatibility decomposition (NFKC leaves them), so they are mapped here.
const DINGBAT_DIGITS: [number, number][] = [
  [0x2776, 1],
  [0x2780, 1],
  [0x278a, 1],
  [0x24f5, 1],
];

function digitOf(char: string): string | undefined {
  const word = DIGIT_WORDS[char];
  if (word) return word;
  const code = char.codePointAt(0) ?? 0;
  for (const [start, first] of DINGBAT_DIGITS) {
    if (code >= start && code < start + 10) {
      const value = code - start + first;
      return value === 10 ? '10' : String(value);
    }
  }
  return undefined;
}

/** The text as the detector reads it: NFKC, lower case, no invisible characters, numerals as digits. */
export function normalizeForContactCheck(text: string): string {
  const plain = text.normalize('NFKC').toLowerCase().replace(INVISIBLE, '');
  return Array.from(plain, (char) => digitOf(char) ?? char).join('');
}

// Separators people put between digits so that no long number appears: spaces, dots, dashes…
const DIGIT_RUN = /\d(?:[\s.\-_·•,，。、/\\|*~+:：()（）[\]【】]*\d)*/g;
const MOBILE = /1[3-9]\d{9}/;
const LONG_NUMBER_DIGITS = 9;

const WECHAT_WORDS =
  /微信|薇信|威信|徽信|维信|卫星号|v信|vx|wx|weixin|wechat|加v|\+v|加微|加薇|加威|[微薇威v][:：]/;
const QQ_WORDS = /扣扣|企鹅号|企鹅[:：]|q号|qq号|qq[:：]|加q|\+q|qq\d{5,}/;
/** Login areas and login methods named after the apps (王者荣耀 微信区, QQ登录) are not contacts. */
const ACCOUNT_PLATFORM_TERMS = /(?:微信|qq|vx|wx)(?:区|服|大区|登录|登陆|授权|号登录)/g;
/** A WeChat id (a letter, then 5–19 letters, digits, _ or -) right after 薇/威/微. */
const WECHAT_ID_AFTER_WORD = /[微薇威][a-z][a-z0-9_-]{5,19}/;

export function findContact(text: string): ContactFinding | null {
  const normal = normalizeForContactCheck(text);
  for (const run of normal.match(DIGIT_RUN) ?? []) {
    const digits = run.replace(/\D/g, '');
    const mobile = MOBILE.exec(digits);
    if (mobile) return { kind: 'phone', match: mobile[0] };
    if (digits.length >= LONG_NUMBER_DIGITS) return { kind: 'long_number', match: digits };
  }
  const compact = normal.replace(/\s+/g, '').replace(ACCOUNT_PLATFORM_TERMS, '');
  const qq = QQ_WORDS.exec(compact);
  if (qq) return { kind: 'qq', match: qq[0] };
  const wechat = WECHAT_WORDS.exec(compact) ?? WECHAT_ID_AFTER_WORD.exec(compact);
  if (wechat) return { kind: 'wechat', match: wechat[0] };
  if (/加我/.test(compact)) return { kind: 'wechat', match: '加我' };
  return null;
}

export const hasNoContact = (text: string) => findContact(text) === null;

/** What the user reads when a text is refused for contact details. */
export const CONTACT_DETAILS_MESSAGE = '不能填写手机号、微信或QQ等联系方式，请通过平台聊天沟通';
