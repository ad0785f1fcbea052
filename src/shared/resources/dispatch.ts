/**
 * 派单: the per-city dispatch settings (城市派单配置, yy_dispatch_city; a city without a row uses
 * the platform's `dispatch.*`) and the record of every dispatch (派单记录, yy_dispatch_record: the
 * candidates found with distances and scores, the radius and strategy used, the technician
 * chosen, who and when), read as a list and explained by `GET /yy/yyDispatch/explain`.
 * `GET /yy/yyDispatch/candidates` lists who could serve a visit now, without booking anyone.
 */
import type { DeclaredContract } from '../contracts.ts';
import { YES_NO } from './app-version.ts';
import { auditFields, defineResource } from './define.ts';
import { TECHNICIAN_MAP } from './technician.ts';

export const DISPATCH_STRATEGIES = [
  { value: 'distance', text: '距离优先' },
  { value: 'rating', text: '评分优先' },
  { value: 'load', text: '今日单量最少' },
] as const;
export type DispatchStrategy = (typeof DISPATCH_STRATEGIES)[number]['value'];

export const DISPATCH_MODES = [
  { value: '1', text: '自动派单' },
  { value: '2', text: '手动派单' },
  { value: '3', text: '预览' },
] as const;

export const DISPATCH_MSG = {
  doubleBooked: '该技师在此时段已有预约',
  partnerStopped: '该技师所属商户已停用，不能派单',
  projectsRequired: '请选择服务项目',
  locationRequired: '请输入服务地址的经纬度',
  location: '经纬度取值无效（经度-180到180，纬度-90到90）',
  at: '预约时间格式应为 yyyy-MM-dd HH:mm',
  duration: '服务时长须为1到1440分钟',
  radius: '派单半径须在0.1到200公里之间',
  radiusPlaces: '半径和步长最多一位小数（公里）',
  limit: '候选人数须在1到100之间',
  strategy: '派单策略只能是 distance、rating 或 load',
  window: '时段结束须晚于开始',
  noCandidate: '附近没有可派的技师',
  notCandidate: '该技师不在可派技师之列（不在半径内、不在班、未接单或该时段已有预约）',
  recordNotFound: '派单记录不存在',
  cityTaken: '该城市已有派单配置',
  radiusOrder: '最大派单半径不能小于派单半径',
  city: '请选择城市',
} as const;

/**
 * The sentences of 派单解释 (`GET /yy/yyDispatch/explain`, `dispatch explain`, `order dispatch
 * --explain`): what the search found and what actually happened to the order (the best candidate
 * chosen, a technician named by a person, a forced pick outside the candidates, nobody sent).
 */
export const DISPATCH_EXPLAIN_TEXT = {
  none: (radiusKm: string) => `半径 ${radiusKm} 公里内没有可派的技师`,
  found: (strategy: string, radiusKm: string, n: number) =>
    `按「${strategy}」在半径 ${radiusKm} 公里内找到 ${n} 位技师`,
  ranked: (c: DispatchCandidate, rank: number) =>
    `${c.name} 排第 ${rank} 位（距离 ${c.distanceKm} 公里，评分 ${c.rating}，当日已有 ${c.todayLoad} 单，得分 ${c.score}）`,
  /** a person named a technician among the candidates */
  named: (by: string, name: string) => `${by}指定技师 ${name}`,
  /** a person forced a technician the search did not find */
  forced: (by: string, name: string) => `${by}强制派单给 ${name}（不在候选技师之列）`,
  notDispatched: '未派出',
  reason: (reason: string) => `原因：${reason}`,
} as const;

export const DISPATCH_CITY = defineResource({
  name: 'dispatchCity',
  title: '城市派单配置',
  path: '/yy/yyDispatchCity',
  component: 'yy/dispatch/YyDispatchCityList',
  category: '城市派单配置',
  english: 'city dispatch settings',
  keywords: ['派单半径', '派单策略', 'paidan'],
  defaultSort: { field: 'cityCode', order: 'asc' },
  sheet: {
    title: '城市派单配置',
    sheetName: '城市派单配置',
    filename: '城市派单配置.xlsx',
    asciiFilename: 'dispatch-cities.xlsx',
  },
  notFound: '城市派单配置不存在',
  fields: [
    {
      key: 'cityCode',
      title: '城市',
      type: 'area',
      required: DISPATCH_MSG.city,
      invalidMessage: DISPATCH_MSG.city,
      unique: DISPATCH_MSG.cityTaken,
      search: true,
      list: { width: 160 },
      help: '城市（区划代码如 330100，或名称如 浙江省/杭州市）',
    },
    { key: 'radiusKm', title: '派单半径(公里)', type: 'number', required: true, list: { width: 120 } },
    { key: 'radiusStepKm', title: '扩展步长(公里)', type: 'number', required: true, list: { width: 120 } },
    { key: 'maxRadiusKm', title: '最大半径(公里)', type: 'number', required: true, list: { width: 120 } },
    {
      key: 'strategy',
      title: '派单策略',
      type: 'enum',
      options: DISPATCH_STRATEGIES,
      required: true,
      search: true,
      list: { width: 110 },
    },
    {
      key: 'acceptTimeoutMinutes',
      title: '接单超时(分钟)',
      type: 'int',
      required: true,
      list: { width: 120 },
    },
    { key: 'enabled', title: '启用', type: 'boolean', options: YES_NO, search: true, list: { width: 80 } },
    { key: 'remark', title: '备注', type: 'string', max: 200, list: { width: 200 }, terminal: false },
    ...auditFields({ createBy: { list: false }, createTime: { list: false } }),
  ],
});

export const DISPATCH_RECORD = defineResource({
  name: 'dispatch',
  title: '派单记录',
  path: '/yy/yyDispatch',
  operations: ['list', 'export'],
  permActions: { candidates: '候选技师', explain: '派单解释' },
  component: 'yy/dispatch/YyDispatchRecordList',
  category: '派单记录',
  english: 'dispatch',
  keywords: ['派单', '指派', '候选技师', 'paidan'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '派单记录',
    sheetName: '派单记录',
    filename: '派单记录.xlsx',
    asciiFilename: 'dispatch-records.xlsx',
  },
  notFound: DISPATCH_MSG.recordNotFound,
  fields: [
    { key: 'orderId', title: '订单id', type: 'string', system: true, filter: true, list: { width: 260 } },
    { key: 'cityCode', title: '城市', type: 'area', system: true, search: true, list: { width: 140 } },
    { key: 'projectIds', title: '服务项目', type: 'string', system: true, list: false, queryable: false },
    { key: 'location', title: '服务位置', type: 'location', system: true, list: false, terminal: false },
    { key: 'windowStart', title: '占用开始', type: 'datetime', system: true, list: { width: 160 } },
    { key: 'windowEnd', title: '占用结束', type: 'datetime', system: true, list: { width: 160 } },
    {
      key: 'strategy',
      title: '派单策略',
      type: 'enum',
      options: DISPATCH_STRATEGIES,
      system: true,
      search: true,
      list: { width: 110 },
    },
    { key: 'radiusKm', title: '半径(公里)', type: 'number', system: true, list: { width: 100 } },
    { key: 'candidateCount', title: '候选人数', type: 'int', system: true, list: { width: 90 } },
    {
      key: 'chosenTechnicianId',
      title: '派给技师',
      type: 'ref',
      system: true,
      reference: { resource: 'technician', label: 'name', picker: TECHNICIAN_MAP },
      search: true,
      list: { width: 110 },
    },
    {
      key: 'mode',
      title: '方式',
      type: 'enum',
      options: DISPATCH_MODES,
      system: true,
      search: true,
      list: { width: 90 },
    },
    { key: 'reason', title: '原因', type: 'string', system: true, list: { width: 200 }, queryable: false },
    ...auditFields({ createBy: { terminal: true } }).filter((f) => f.key.startsWith('create')),
  ],
});

/** One candidate technician of a dispatch, best first. */
export interface DispatchCandidate {
  id: string;
  name: string;
  /** great-circle distance from the address, km with two decimals (text) */
  distanceKm: string;
  rating: string;
  /** active bookings on the window's local day */
  todayLoad: number;
  /** 0–100: distance, rating and load weighted by the strategy (text, two decimals) */
  score: string;
}

/** GET …/candidates?projectIds=&at=&lng=&lat=[&duration=&cityCode=&strategy=&radiusKm=&limit=] */
export const DISPATCH_CANDIDATES = {
  method: 'GET',
  path: `${DISPATCH_RECORD.decl.path}/candidates`,
  permission: DISPATCH_RECORD.perms.candidates,
} as const satisfies DeclaredContract;

/** GET …/explain?id=<record id or order id>: a dispatch with its candidates, and its replay now. */
export const DISPATCH_EXPLAIN = {
  method: 'GET',
  path: `${DISPATCH_RECORD.decl.path}/explain`,
  permission: DISPATCH_RECORD.perms.explain,
} as const satisfies DeclaredContract;

/** What the candidates endpoint answers. */
export interface CandidatesAnswer {
  window: { start: string; end: string };
  radiusKm: number;
  strategy: DispatchStrategy;
  settingsSource: string;
  candidates: DispatchCandidate[];
}

/** What the explain endpoint answers. */
export interface DispatchExplanation {
  record: {
    id: string;
    orderId: string | null;
    cityCode: string | null;
    projectIds: string[];
    location: { x: number; y: number };
    windowStart: string;
    windowEnd: string;
    strategy: DispatchStrategy;
    radiusKm: string;
    mode: string;
    reason: string | null;
    chosenTechnicianId: string | null;
    createBy: string | null;
    createTime: string;
  };
  candidates: DispatchCandidate[];
  /** the same search run now (the order's own booking disregarded) */
  replay: DispatchCandidate[];
  /** why the chosen technician was chosen, in words */
  summary: string;
}
