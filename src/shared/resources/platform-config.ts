/**
 * 平台配置 (yy_platform_config): typed platform settings. The settings themselves are this
 * catalogue (the code that reads a setting names its key here); the table holds their current
 * values, one row per setting, created by the seed. Only the value is edited, by the setting's
 * type and bounds, checked here for the form, the commands and the server alike. Every change is
 * logged (yy_platform_config_log, written by a database trigger).
 */
import { auditFields, defineResource } from './define.ts';

export type SettingType = 'number' | 'money' | 'percent' | 'switch' | 'text';

export const SETTING_TYPES: ReadonlyArray<{ value: SettingType; text: string }> = [
  { value: 'number', text: '数值' },
  { value: 'money', text: '金额' },
  { value: 'percent', text: '百分比' },
  { value: 'switch', text: '开关' },
  { value: 'text', text: '文本' },
];

export interface SettingDef {
  key: string;
  name: string;
  group: string;
  type: SettingType;
  /** the value a fresh install has (and 恢复默认 restores) */
  default: string;
  unit?: string;
  description: string;
  /** number / money / percent bounds (inclusive) */
  min?: number;
  max?: number;
  /** number: decimal places allowed (default 0: a whole number) */
  decimals?: number;
  /** text: longest value and an own pattern */
  maxLength?: number;
  pattern?: { regex: RegExp; message: string };
}

/** A service phone: a mobile, a landline or a 400/800 number. */
const SERVICE_PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|[48]00-?\d{3}-?\d{4})$/;

/** The settings of the platform, in display order. */
export const PLATFORM_SETTINGS: readonly SettingDef[] = [
  {
    key: 'order.commissionRate',
    name: '平台抽成比例',
    group: '订单',
    type: 'percent',
    default: '20',
    unit: '%',
    min: 0,
    max: 100,
    description: '每笔上门订单服务费中平台所得的比例，其余归技师与商户',
  },
  {
    key: 'order.minAmount',
    name: '起订金额',
    group: '订单',
    type: 'money',
    default: '99.00',
    unit: '元',
    min: 0,
    max: 100000,
    description: '低于该金额的订单不能提交',
  },
  {
    key: 'order.unpaidCloseMinutes',
    name: '未支付订单自动关闭',
    group: '订单',
    type: 'number',
    default: '15',
    unit: '分钟',
    min: 1,
    max: 1440,
    description: '下单后超过该时间仍未支付的订单自动关闭',
  },
  {
    key: 'order.freeCancelMinutes',
    name: '免费取消时限',
    group: '订单',
    type: 'number',
    default: '30',
    unit: '分钟',
    min: 0,
    max: 1440,
    description: '技师接单后该时间内客户可免费取消；超过后按违约金比例扣款',
  },
  {
    key: 'order.lateCancelFeeRate',
    name: '超时取消违约金比例',
    group: '订单',
    type: 'percent',
    default: '10',
    unit: '%',
    min: 0,
    max: 100,
    description: '超过免费取消时限后取消，按订单金额的该比例扣除违约金',
  },
  {
    key: 'dispatch.radiusKm',
    name: '派单半径',
    group: '派单',
    type: 'number',
    default: '10',
    unit: '公里',
    min: 1,
    max: 100,
    decimals: 1,
    description: '只向该距离内的在线技师派单',
  },
  {
    key: 'dispatch.autoDispatch',
    name: '自动派单',
    group: '派单',
    type: 'switch',
    default: 'true',
    description: '开启后系统自动把新订单派给最近的空闲技师；关闭后由客服手动派单',
  },
  {
    key: 'dispatch.acceptTimeoutMinutes',
    name: '技师接单超时',
    group: '派单',
    type: 'number',
    default: '5',
    unit: '分钟',
    min: 1,
    max: 60,
    description: '技师在该时间内未接单则改派他人',
  },
  {
    key: 'dispatch.radiusStepKm',
    name: '派单半径扩展步长',
    group: '派单',
    type: 'number',
    default: '2',
    unit: '公里',
    min: 0,
    max: 50,
    decimals: 1,
    description: '半径内没有可派技师时，每次把半径扩大该距离，直到最大派单半径',
  },
  {
    key: 'dispatch.maxRadiusKm',
    name: '最大派单半径',
    group: '派单',
    type: 'number',
    default: '20',
    unit: '公里',
    min: 1,
    max: 200,
    decimals: 1,
    description: '派单半径逐步扩大时的上限',
  },
  {
    key: 'dispatch.strategy',
    name: '派单策略',
    group: '派单',
    type: 'text',
    default: 'distance',
    maxLength: 10,
    pattern: {
      regex: /^(distance|rating|load)$/,
      message: '派单策略只能是 distance（距离优先）、rating（评分优先）或 load（今日单量最少）',
    },
    description: 'distance：距离最近优先；rating：评分最高优先；load：今日单量最少优先',
  },
  {
    key: 'dispatch.travelBufferMinutes',
    name: '路途预留时间',
    group: '派单',
    type: 'number',
    default: '30',
    unit: '分钟',
    min: 0,
    max: 240,
    description: '技师在预约时间前为赶路预留的时间，计入技师的占用时段',
  },
  {
    key: 'dispatch.gapMinutes',
    name: '两单间隔',
    group: '派单',
    type: 'number',
    default: '15',
    unit: '分钟',
    min: 0,
    max: 240,
    description: '服务结束后到下一单前技师至少空出的时间，计入技师的占用时段',
  },
  {
    key: 'exception.acceptMinutes',
    name: '接单超时',
    group: '异常订单',
    type: 'number',
    default: '30',
    unit: '分钟',
    min: 1,
    max: 1440,
    description: '订单支付后超过该时间仍无技师接单，记为「接单超时」异常',
  },
  {
    key: 'exception.lateMinutes',
    name: '技师迟到',
    group: '异常订单',
    type: 'number',
    default: '15',
    unit: '分钟',
    min: 1,
    max: 1440,
    description: '预约时间过后该时间技师仍未到达，记为「技师迟到」异常',
  },
  {
    key: 'exception.overrunMinutes',
    name: '服务超时',
    group: '异常订单',
    type: 'number',
    default: '30',
    unit: '分钟',
    min: 1,
    max: 1440,
    description: '服务超过预计结束时间该时间仍未完成，记为「服务超时」异常',
  },
  {
    key: 'order.autoFinishMinutes',
    name: '服务自动完成',
    group: '订单',
    type: 'number',
    default: '120',
    unit: '分钟',
    min: 1,
    max: 2880,
    description: '开始服务的订单超过预计结束时间该时间仍未完成，系统自动记为服务完成',
  },
  {
    key: 'technician.minWithdraw',
    name: '技师最低提现金额',
    group: '财务',
    type: 'money',
    default: '100.00',
    unit: '元',
    min: 0,
    max: 100000,
    description: '技师单次提现的最低金额',
  },
  {
    key: 'review.autoPraiseDays',
    name: '自动好评天数',
    group: '评价',
    type: 'number',
    default: '7',
    unit: '天',
    min: 1,
    max: 30,
    description: '服务完成后客户在该天数内未评价，系统自动给出好评',
  },
  {
    key: 'service.phone',
    name: '客服电话',
    group: '客服',
    type: 'text',
    default: '400-820-8820',
    maxLength: 20,
    pattern: { regex: SERVICE_PHONE, message: '请输入正确的客服电话' },
    description: '客户端与技师端显示的客服电话（手机、座机或 400/800 号码）',
  },
  {
    key: 'service.hours',
    name: '客服时间',
    group: '客服',
    type: 'text',
    default: '09:00-22:00',
    maxLength: 11,
    pattern: {
      regex: /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-4]):[0-5]\d$/,
      message: '客服时间格式应为HH:mm-HH:mm',
    },
    description: '客服在线时间',
  },
  {
    key: 'finance.platformBearsRefund',
    name: '售后退款由平台承担',
    group: '资金',
    type: 'switch',
    default: 'false',
    description:
      '开启后服务完成后的退款全部由平台承担，不扣回技师提成与商户分成；关闭时按入账时的分成比例扣回',
  },
  {
    key: 'platform.maintenance',
    name: '维护模式',
    group: '平台',
    type: 'switch',
    default: 'false',
    description: '开启后客户端暂停下单并显示维护公告',
  },
];

export const SETTING_BY_KEY: ReadonlyMap<string, SettingDef> = new Map(
  PLATFORM_SETTINGS.map((s) => [s.key, s]),
);

export const SETTING_MSG = {
  unknown: '未知的配置项',
  required: (d: SettingDef) => `请输入${d.name}`,
  integer: (d: SettingDef) => `${d.name}须为整数`,
  decimals: (d: SettingDef, n: number) => `${d.name}最多${n}位小数`,
  range: (d: SettingDef) => `${d.name}须在${d.min}到${d.max}之间`,
  switch: (d: SettingDef) => `${d.name}只能是开启或关闭`,
  maxLength: (n: number) => `最大长度${n}位字符`,
} as const;

/** Words the switch accepts (stored as true / false). */
const SWITCH_WORDS: Record<string, 'true' | 'false'> = {
  true: 'true',
  false: 'false',
  '1': 'true',
  '0': 'false',
  on: 'true',
  off: 'false',
  开启: 'true',
  关闭: 'false',
  是: 'true',
  否: 'false',
};

/** Parse a decimal text into an integer of 10^-scale units, or undefined (never a float). */
function scaled(text: string, scale: number): bigint | undefined {
  const m = /^(-?)(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined;
  const frac = (m[3] ?? '').replace(/0+$/, '');
  if (frac.length > scale) return undefined;
  const units = BigInt(m[2]! + frac.padEnd(scale, '0'));
  return m[1] ? -units : units;
}

/**
 * Check a setting's new value by its type and bounds: the stored (normalised) value, or the
 * message saying what is wrong.
 */
export function checkSettingValue(
  def: SettingDef,
  raw: unknown,
): { ok: true; value: string } | { ok: false; message: string } {
  const text = raw === undefined || raw === null ? '' : String(raw).trim();
  if (text === '') return { ok: false, message: SETTING_MSG.required(def) };
  switch (def.type) {
    case 'switch': {
      const v = SWITCH_WORDS[text.toLowerCase()];
      return v ? { ok: true, value: v } : { ok: false, message: SETTING_MSG.switch(def) };
    }
    case 'text': {
      const max = def.maxLength ?? 500;
      if (text.length > max) return { ok: false, message: SETTING_MSG.maxLength(max) };
      if (def.pattern && !def.pattern.regex.test(text)) return { ok: false, message: def.pattern.message };
      return { ok: true, value: text };
    }
    default: {
      const places = def.type === 'number' ? (def.decimals ?? 0) : 2;
      const units = scaled(text, places);
      if (units === undefined)
        return {
          ok: false,
          message: places === 0 ? SETTING_MSG.integer(def) : SETTING_MSG.decimals(def, places),
        };
      const unit = 10n ** BigInt(places);
      if (
        (def.min !== undefined && units < BigInt(def.min) * unit) ||
        (def.max !== undefined && units > BigInt(def.max) * unit)
      )
        return { ok: false, message: SETTING_MSG.range(def) };
      const neg = units < 0n;
      const abs = neg ? -units : units;
      const whole = (abs / unit).toString();
      const frac = places ? (abs % unit).toString().padStart(places, '0') : '';
      // money keeps its two places (99.00); numbers and percents drop trailing zeros (12.5, 20)
      const shown = def.type === 'money' ? frac : frac.replace(/0+$/, '');
      return { ok: true, value: `${neg ? '-' : ''}${whole}${shown ? `.${shown}` : ''}` };
    }
  }
}

/** How a stored value reads (开启 / 关闭, 20%, 99.00 元). */
export function settingText(def: Pick<SettingDef, 'type' | 'unit'>, value: string): string {
  if (def.type === 'switch') return value === 'true' ? '开启' : '关闭';
  return def.unit ? `${value} ${def.unit}` : value;
}

export const PLATFORM_CONFIG = defineResource({
  name: 'platformConfig',
  title: '平台配置',
  path: '/yy/yyPlatformConfig',
  // settings are the catalogue above: they are changed, never added or removed here
  operations: ['list', 'edit', 'export'],
  component: 'yy/config/YyPlatformConfigList',
  category: '平台配置',
  english: 'config',
  keywords: ['设置', '参数', 'settings'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  sheet: {
    title: '平台配置',
    sheetName: '平台配置',
    filename: '平台配置.xlsx',
    asciiFilename: 'platform-config.xlsx',
  },
  notFound: '配置项不存在',
  commands: {
    ref: { field: 'configKey', notFound: '配置项不存在' },
    // a value is typed by its setting: the derived example's text fits none
    examples: { edit: ['platformConfig edit dispatch.radiusKm --value 12.5'] },
  },
  page: { actionsWidth: 200 },
  order: { terminal: ['configKey', 'name', 'value', 'unit', 'updateBy', 'updateTime'] },
  fields: [
    {
      key: 'groupName',
      title: '分组',
      type: 'string',
      system: true,
      search: true,
      list: { width: 90 },
      terminal: false,
    },
    { key: 'name', title: '配置项', type: 'string', system: true, search: true, list: { width: 180 } },
    {
      key: 'configKey',
      title: '配置键',
      type: 'string',
      system: true,
      filter: true,
      list: { width: 220 },
      export: { width: 28 },
    },
    {
      key: 'value',
      title: '当前值',
      type: 'string',
      // the type's own rules (checkSettingValue) apply on top: the server checks them on every write
      required: '请输入配置值',
      max: 500,
      list: { width: 140, sortable: false },
      queryable: false,
      help: '新的值（开关填 开启/关闭）',
    },
    { key: 'unit', title: '单位', type: 'string', system: true, list: { width: 70 }, queryable: false },
    {
      key: 'valueType',
      title: '类型',
      type: 'enum',
      options: SETTING_TYPES,
      system: true,
      search: true,
      list: { width: 80 },
      terminal: false,
    },
    {
      key: 'defaultValue',
      title: '默认值',
      type: 'string',
      system: true,
      list: { width: 110, sortable: false },
      queryable: false,
      terminal: false,
    },
    {
      key: 'description',
      title: '说明',
      type: 'string',
      system: true,
      list: { width: 320, sortable: false },
      queryable: false,
      terminal: false,
    },
    { key: 'sortNo', title: '排序', type: 'int', system: true, list: false, export: false, terminal: false },
    ...auditFields({
      createBy: { list: false, export: false },
      createTime: { list: false, export: false, terminal: false },
      updateBy: { list: { width: 100 }, export: { width: 12 }, title: '修改人' },
      updateTime: { list: { width: 170 }, export: { width: 20 }, title: '修改时间' },
    }),
  ],
});

/**
 * 配置变更记录: every change of a setting (read only; written by the database), shown in the
 * setting's 详细信息 (no screen of its own) and by `platformConfigLog list` in the terminal.
 */
export const PLATFORM_CONFIG_LOG = defineResource({
  name: 'platformConfigLog',
  title: '配置变更记录',
  path: '/yy/yyPlatformConfigLog',
  operations: ['list'],
  // the change log is read on the settings' page: its code is theirs
  permDomain: 'platformConfig',
  category: '平台配置',
  english: 'config change',
  keywords: ['配置日志', '修改记录', 'history'],
  defaultSort: { field: 'changedAt', order: 'desc' },
  sheet: {
    title: '配置变更记录',
    sheetName: '配置变更记录',
    filename: '配置变更记录.xlsx',
    asciiFilename: 'platform-config-log.xlsx',
  },
  order: { terminal: ['changedAt', 'configKey', 'oldValue', 'newValue', 'changedBy'] },
  fields: [
    { key: 'configId', title: '配置id', type: 'string', system: true, list: false, terminal: false },
    { key: 'configKey', title: '配置键', type: 'string', system: true, filter: true, list: { width: 200 } },
    { key: 'name', title: '配置项', type: 'string', system: true, list: { width: 160 }, terminal: false },
    { key: 'oldValue', title: '原值', type: 'string', system: true, list: { width: 120 }, queryable: false },
    { key: 'newValue', title: '新值', type: 'string', system: true, list: { width: 120 }, queryable: false },
    { key: 'changedBy', title: '修改人', type: 'string', system: true, filter: true, list: { width: 100 } },
    { key: 'changedAt', title: '修改时间', type: 'datetime', system: true, list: { width: 170 } },
  ],
});
