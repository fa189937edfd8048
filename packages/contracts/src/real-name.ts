import { z } from 'zod';
import { requestText } from './primitives.ts';
import { phoneSchema, smsCodeSchema } from './identity.ts';
import { ErrorCodes } from './error-codes.ts';
import { defineProcess } from './process/engine.ts';

/**
 * Real-name verification (实名认证, SPEC §8 4301) and phone binding (4302). SPEC §7 names
 * /auth/snapshot and /bind/status; the submitting calls are ours (docs/decisions.md).
 */
export const realNamePaths = {
  snapshot: '/app/user/auth/snapshot',
  /** Not in SPEC §7: submit name and ID number. */
  submit: '/app/user/auth/real_name',
  bindStatus: '/app/user/bind/status',
  /** Not in SPEC §7: send a code to the phone to bind. */
  bindPhoneSms: '/app/user/bind/phone/sms',
  /** Not in SPEC §7: bind the phone with its code. */
  bindPhone: '/app/user/bind/phone',
} as const;

/** Trading (buying, selling, withdrawing) needs an adult: the /minorReminder page explains why. */
export const REAL_NAME_MIN_AGE = 18;
export const REAL_NAME_DAILY_ATTEMPTS = 5;

/** Real-name verification of a user (the subject is the user): once verified, for good. */
export const realNameProcess = defineProcess({
  name: 'real_name',
  states: ['unverified', 'verified'],
  stateLabels: { unverified: '未实名', verified: '已实名' },
  initial: 'unverified',
  terminal: ['verified'],
  refusal: { errCode: ErrorCodes.REAL_NAME_ALREADY_VERIFIED },
  guards: {},
  transitions: {
    verify: { from: 'unverified', to: 'verified', roles: ['owner'], label: '实名认证通过' },
  },
});

// ---------------------------------------------------------------------------------------------
// The checks of the built-in provider, shared so the form can tell the user before submitting.

const checksumWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const checksumChars = '10X98765432';
/** Province-level codes of GB/T 2260 (and 81/82/83 of residence permits for HK, Macao, Taiwan). */
const provinceCodes = new Set([
  '11',
  '12',
  '13',
  '14',
  '15',
  '21',
  '22',
  '23',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
  '41',
  '42',
  '43',
  '44',
  '45',
  '46',
  '50',
  '51',
  '52',
  '53',
  '54',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '81',
  '82',
  '83',
]);

/** Upper-cases the check character and drops spaces people type between groups. */
export const normalizeIdNumber = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();
/** Trims and unifies the middle dots of minority and foreign names (· • ・ ‧ ．). */
export const normalizeRealName = (raw: string) => raw.trim().replace(/[•・‧．.]/g, '·');

/** GB 11643 ISO 7064 mod 11-2 check character of the first 17 digits. */
export function idChecksumChar(first17: string): string {
  let sum = 0;
  for (let index = 0; index < 17; index += 1) sum += Number(first17[index]) * (checksumWeights[index] ?? 0);
  return checksumChars[sum % 11] ?? '';
}

export type IdNumberProblem = 'format' | 'region' | 'birth_date' | 'checksum';
export const idNumberProblemTexts: Record<IdNumberProblem, string> = {
  format: '身份证号码应为18位，最后一位可以是数字或X',
  region: '身份证号码的地区码有误，请核对',
  birth_date: '身份证号码中的出生日期有误，请核对',
  checksum: '身份证号码校验失败，请逐位核对',
};

/** The birth date in an 18-digit number (no checks). */
export function birthDateOf(idNumber: string): { year: number; month: number; day: number } {
  return {
    year: Number(idNumber.slice(6, 10)),
    month: Number(idNumber.slice(10, 12)),
    day: Number(idNumber.slice(12, 14)),
  };
}

/** Today's date in China (UTC+8), which is the calendar ages are counted in. */
export function chinaToday(now: Date): { year: number; month: number; day: number } {
  const china = new Date(now.getTime() + 8 * 3600_000);
  return { year: china.getUTCFullYear(), month: china.getUTCMonth() + 1, day: china.getUTCDate() };
}

/** What is wrong with an 18-digit resident ID number, or undefined when its form is valid. */
export function idNumberProblem(idNumber: string, now: Date): IdNumberProblem | undefined {
  if (!/^\d{17}[\dX]$/.test(idNumber)) return 'format';
  if (!provinceCodes.has(idNumber.slice(0, 2)) || idNumber.slice(2, 6) === '0000') return 'region';
  const { year, month, day } = birthDateOf(idNumber);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  const today = chinaToday(now);
  const todayValue = Date.UTC(today.year, today.month - 1, today.day);
  if (!real || year < 1900 || date.getTime() > todayValue) return 'birth_date';
  if (idChecksumChar(idNumber.slice(0, 17)) !== idNumber[17]) return 'checksum';
  return undefined;
}

/** Full years of age on the given day (China time). */
export function ageOn(idNumber: string, now: Date): number {
  const birth = birthDateOf(idNumber);
  const today = chinaToday(now);
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

/** 2–20 Chinese characters; a middle dot only between characters (少数民族、外籍译名). */
export const realNamePattern = /^(?=.{2,20}$)[\u4e00-\u9fa5]+(·[\u4e00-\u9fa5]+)*$/;
export const REAL_NAME_FORM_TEXT = '请输入2-20个汉字的真实姓名（少数民族姓名中间用·分隔）';

// ---------------------------------------------------------------------------------------------
// Masking (what responses carry instead of the full values).

/** "*小明": every character but the first is shown. */
export const maskRealName = (name: string) => `*${[...name].slice(1).join('')}`;
/** "110***********002X". */
export const maskIdNumber = (idNumber: string) =>
  `${idNumber.slice(0, 3)}${'*'.repeat(idNumber.length - 7)}${idNumber.slice(-4)}`;

// ---------------------------------------------------------------------------------------------
// Payloads.

export const realNameRequestSchema = z.object({
  name: requestText('请输入真实姓名').max(40, REAL_NAME_FORM_TEXT).transform(normalizeRealName),
  id_number: requestText('请输入身份证号码')
    .max(40, idNumberProblemTexts.format)
    .transform(normalizeIdNumber),
});
export type RealNameRequest = z.input<typeof realNameRequestSchema>;

export const realNameSnapshotSchema = z.object({
  verified: z.boolean(),
  name_masked: z.string(),
  id_number_masked: z.string(),
  verified_at: z.string().nullable(),
  attempts_left: z.number().int(),
  min_age: z.number().int(),
});
export type RealNameSnapshot = z.infer<typeof realNameSnapshotSchema>;

export const bindStatusSchema = z.object({
  phone_bound: z.boolean(),
  phone_masked: z.string(),
  real_name_verified: z.boolean(),
});
export type BindStatus = z.infer<typeof bindStatusSchema>;

export const bindPhoneSmsRequestSchema = z.object({ phone: phoneSchema });
export type BindPhoneSmsRequest = z.infer<typeof bindPhoneSmsRequestSchema>;
export const bindPhoneRequestSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });
export type BindPhoneRequest = z.infer<typeof bindPhoneRequestSchema>;
