/**
 * 车费 (yy_fare): the travel fare a customer pays for a technician's trip, per city and time window
 * (白天 / 夜间): a base fare covering the free distance, a price per km beyond it, and a minimum.
 * Amounts are counted in integer fen and distances in hundredths of a km: never a float.
 */
import type { DeclaredContract } from '../contracts.ts';
import { YES_NO } from './app-version.ts';
import { auditFields, defineResource } from './define.ts';

export const FARE_PERIODS = [
  { value: 'day', text: '白天' },
  { value: 'night', text: '夜间' },
] as const;

const HH_MM = { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: '时间格式应为HH:mm' };

export const FARE_MSG = {
  negative: '金额不能为负数',
  freeKm: '免费里程须为0到100之间的数字，最多两位小数',
  overlap: '与该城市另一时段的时间重叠',
  taken: '该城市该时段已有车费规则',
  city: '请选择城市',
  distance: '距离须为0到1000之间的数字，最多两位小数',
  distanceRequired: '请输入距离',
  time: HH_MM.message,
  none: '该城市该时段没有启用的车费规则',
} as const;

export const FARE = defineResource({
  name: 'fare',
  title: '车费',
  path: '/yy/yyFare',
  component: 'yy/config/YyFareList',
  category: '车费',
  english: 'fare',
  keywords: ['车费规则', '路费', '交通费'],
  defaultSort: { field: 'cityCode', order: 'asc' },
  sheet: { title: '车费', sheetName: '车费', filename: '车费.xlsx', asciiFilename: 'fares.xlsx' },
  notFound: '车费规则不存在',
  fields: [
    {
      key: 'cityCode',
      title: '城市',
      type: 'area',
      required: FARE_MSG.city,
      invalidMessage: FARE_MSG.city,
      search: true,
      list: { width: 160 },
      help: '城市（区划代码如 330100，或名称如 浙江省/杭州市；直辖市用 上海市）',
    },
    {
      key: 'period',
      title: '时段',
      type: 'enum',
      options: FARE_PERIODS,
      required: true,
      search: true,
      list: { width: 80 },
    },
    { key: 'startTime', title: '开始时间', type: 'string', required: true, rule: HH_MM, list: { width: 90 } },
    { key: 'endTime', title: '结束时间', type: 'string', required: true, rule: HH_MM, list: { width: 90 } },
    {
      key: 'freeKm',
      title: '免费里程(公里)',
      type: 'number',
      required: true,
      invalidMessage: FARE_MSG.freeKm,
      list: { width: 120 },
    },
    { key: 'baseFare', title: '起步价(元)', type: 'money', required: true, list: { width: 110 } },
    { key: 'pricePerKm', title: '每公里(元)', type: 'money', required: true, list: { width: 110 } },
    { key: 'minFare', title: '最低车费(元)', type: 'money', required: true, list: { width: 120 } },
    { key: 'enabled', title: '启用', type: 'boolean', options: YES_NO, search: true, list: { width: 80 } },
    { key: 'remark', title: '备注', type: 'string', max: 255, list: { width: 200 }, terminal: false },
    ...auditFields({ createBy: { list: false }, createTime: { list: false } }),
  ],
  stats: {
    dimensions: [{ field: 'cityCode' }, { field: 'period' }],
    measures: [
      { key: 'count', title: '规则数', fn: 'count' },
      { key: 'baseFare', title: '起步价合计(元)', fn: 'sum', field: 'baseFare' },
      { key: 'cities', title: '城市数', fn: 'distinct', field: 'cityCode' },
    ],
  },
});

/** GET …/preview?cityCode=&distance=&time=HH:mm: what a trip costs under the rules. */
export const FARE_PREVIEW = {
  method: 'GET',
  path: `${FARE.decl.path}/preview`,
  permission: FARE.perms.list,
} as const satisfies DeclaredContract;

/** A rule's amounts as stored (numeric text). */
export interface FareRule {
  freeKm: string;
  baseFare: string;
  pricePerKm: string;
  minFare: string;
}

/** What a trip costs and how it adds up (amounts in yuan text, 2 places). */
export interface FareQuote {
  distance: string;
  chargeableKm: string;
  baseFare: string;
  mileageFare: string;
  minFare: string;
  /** the minimum was charged instead of base + mileage */
  minApplied: boolean;
  total: string;
}

/** A decimal text as an integer of hundredths (12.5 → 1250), or undefined. */
export function hundredths(text: string): number | undefined {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Hundredths as a text with two places (1250 → 12.50). */
export const fromHundredths = (n: number): string =>
  `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

/** Check a trip distance (km, at most two places, 0–1000): hundredths of a km, or the message. */
export function checkDistance(raw: unknown): { ok: true; value: number } | { ok: false; message: string } {
  const text = raw === undefined || raw === null ? '' : String(raw).trim();
  if (!text) return { ok: false, message: FARE_MSG.distanceRequired };
  const v = hundredths(text);
  return v === undefined || v > 100_000 ? { ok: false, message: FARE_MSG.distance } : { ok: true, value: v };
}

/**
 * The fare of a trip: base fare, plus the price per km for the distance beyond the free km
 * (rounded half up to the fen), at least the minimum.
 */
export function priceFare(rule: FareRule, distance: number): FareQuote {
  const fen = (t: string) => hundredths(t) ?? 0;
  const chargeable = Math.max(0, distance - fen(rule.freeKm));
  // price per km (fen) × km (hundredths) / 100, half up: integers only
  const mileage = Math.floor((fen(rule.pricePerKm) * chargeable + 50) / 100);
  const sum = fen(rule.baseFare) + mileage;
  const min = fen(rule.minFare);
  return {
    distance: fromHundredths(distance),
    chargeableKm: fromHundredths(chargeable),
    baseFare: fromHundredths(fen(rule.baseFare)),
    mileageFare: fromHundredths(mileage),
    minFare: fromHundredths(min),
    minApplied: sum < min,
    total: fromHundredths(Math.max(sum, min)),
  };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a time of day (HH:mm) falls in a window; a window ending before it starts runs over midnight. */
export function inWindow(start: string, end: string, time: string): boolean {
  const [s, e, t] = [minutes(start), minutes(end), minutes(time)];
  if (s === e) return true;
  return s < e ? t >= s && t < e : t >= s || t < e;
}

/** Whether two windows share a minute. */
export function windowsOverlap(a: [string, string], b: [string, string]): boolean {
  for (let m = 0; m < 1440; m += 1) {
    const t = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    if (inWindow(a[0], a[1], t) && inWindow(b[0], b[1], t)) return true;
  }
  return false;
}
