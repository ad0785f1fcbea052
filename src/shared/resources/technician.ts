/**
 * 技师 (yy_technician): who does the visits — identity (mobile and ID card unique, spec §5 rules),
 * avatar and ordered photos, level, partner, the districts served, a home location, work status
 * (changed by `PUT /yy/yyTechnician/updateStatus`, one or many at once), rating (from orders:
 * read-only here), join date and intro.
 */
import type { DeclaredContract } from '../contracts.ts';
import { FORM_RULES } from '../validation.ts';
import { auditFields, defineResource } from './define.ts';
import { PARTNER_MSG, PARTNER_PICKER } from './partner.ts';

/** Dictionary of levels: 初级, 中级, 高级, 金牌. */
export const TECHNICIAN_LEVEL_DICT = 'technician_level';

export const WORK_STATUS = { online: '1', busy: '2', resting: '3', disabled: '4' } as const;
export const WORK_STATUSES = [
  { value: WORK_STATUS.online, text: '在线' },
  { value: WORK_STATUS.busy, text: '服务中' },
  { value: WORK_STATUS.resting, text: '休息' },
  { value: WORK_STATUS.disabled, text: '停用' },
] as const;

/** A work status given as its code or its text (`休息`), or undefined. */
export const workStatusOf = (given: string): string | undefined =>
  WORK_STATUSES.find((s) => s.value === given.trim() || s.text === given.trim())?.value;

export const workStatusText = (status: string): string =>
  WORK_STATUSES.find((s) => s.value === status)?.text ?? status;

export const TECHNICIAN_MSG = {
  notFound: '技师不存在',
  mobileTaken: '手机号已存在',
  idCardTaken: '身份证号已存在',
  statusRequired: '请选择工作状态',
  statusInvalid: '工作状态取值无效',
  hasServices: '技师已开通服务项目，不能删除（可先停用）',
  partnerStopped: '所属商户已停用，技师不能上线',
  statusChanged: (n: number, status: string) => `已将 ${n} 位技师改为「${workStatusText(status)}」`,
} as const;

const PATH = '/yy/yyTechnician';
/** every status action needs the one code of JeecgBoot's 修改状态 button */
const perm = 'updateStatus';
const { online, busy, resting, disabled } = WORK_STATUS;

/**
 * PUT …/updateStatus {ids, workStatus}: the work status of one or many technicians, each along the
 * declared action to it (one already there is left as it is).
 */
export const TECHNICIAN_UPDATE_STATUS = {
  method: 'PUT',
  path: `${PATH}/updateStatus`,
  permission: 'technician:updateStatus',
} as const satisfies DeclaredContract;

export const TECHNICIAN = defineResource({
  name: 'technician',
  title: '技师',
  path: PATH,
  permActions: { updateStatus: '修改状态' },
  component: 'yy/technician/YyTechnicianList',
  category: '技师列表',
  english: 'technician',
  keywords: ['技师管理', '按摩师', 'therapist'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '技师列表',
    sheetName: '技师',
    filename: '技师列表.xlsx',
    asciiFilename: 'technicians.xlsx',
  },
  notFound: TECHNICIAN_MSG.notFound,
  commands: { addPositional: ['name', 'mobile'] },
  page: { actionsWidth: 220 },
  fields: [
    {
      key: 'name',
      title: '姓名',
      type: 'string',
      required: true,
      max: 50,
      search: true,
      filter: true,
      list: { width: 100 },
    },
    { key: 'avatar', title: '头像', type: 'image', upload: { area: 'technician' }, list: { width: 70 } },
    {
      key: 'sex',
      title: '性别',
      type: 'dict',
      dict: 'sex',
      required: true,
      max: 2,
      list: { width: 70 },
      sample: '女',
    },
    {
      key: 'mobile',
      title: '手机号',
      type: 'string',
      required: true,
      rule: FORM_RULES.mobile,
      unique: TECHNICIAN_MSG.mobileTaken,
      filter: true,
      list: { width: 130 },
    },
    {
      key: 'idCard',
      title: '身份证号',
      type: 'string',
      rule: FORM_RULES.idCard,
      unique: TECHNICIAN_MSG.idCardTaken,
      list: false,
      terminal: false,
    },
    {
      key: 'level',
      title: '等级',
      type: 'dict',
      dict: TECHNICIAN_LEVEL_DICT,
      required: true,
      sample: '初级',
      max: 10,
      search: true,
      list: { width: 80 },
    },
    {
      key: 'partnerId',
      title: '所属商户',
      type: 'ref',
      reference: {
        resource: 'partner',
        label: 'name',
        picker: PARTNER_PICKER,
        invalidMessage: PARTNER_MSG.partnerInactive,
      },
      search: true,
      list: { width: 150 },
    },
    {
      key: 'workStatus',
      title: '工作状态',
      type: 'enum',
      options: WORK_STATUSES,
      system: true,
      search: true,
      list: { width: 90 },
    },
    {
      key: 'serviceAreas',
      title: '服务区域',
      type: 'area',
      multiple: true,
      search: true,
      list: { width: 220 },
    },
    { key: 'location', title: '常驻位置', type: 'location', list: false, terminal: false },
    {
      key: 'photos',
      title: '照片',
      type: 'images',
      upload: { area: 'technician', max: 9 },
      list: { width: 90 },
    },
    { key: 'rating', title: '评分', type: 'number', system: true, list: { width: 70 } },
    { key: 'joinDate', title: '入职日期', type: 'date', list: { width: 110 }, terminal: false },
    { key: 'intro', title: '简介', type: 'text', max: 500, list: false, terminal: false },
    // no-shows (爽约) recorded against the technician (technicianServer.computed)
    { key: 'noShowCount', title: '爽约次数', type: 'int', computed: true, list: { width: 90 } },
    ...auditFields({ createBy: { list: false }, createTime: { list: false } }),
  ],
  stats: {
    dimensions: [
      { field: 'workStatus' },
      { field: 'level' },
      { field: 'partnerId' },
      { field: 'createTime', title: '加入时间' },
    ],
    measures: [
      { key: 'count', title: '技师数', fn: 'count' },
      { key: 'partners', title: '商户数', fn: 'distinct', field: 'partnerId' },
    ],
  },
  // a work status may follow any other (the office sets it as the day goes)
  states: {
    field: 'workStatus',
    transitions: {
      online: { title: '上线', from: [busy, resting, disabled], to: online, perm, toolbar: false },
      busy: { title: '设为服务中', from: [online, resting, disabled], to: busy, perm, toolbar: false },
      rest: { title: '休息', from: [online, busy, disabled], to: resting, perm, toolbar: false },
      disable: { title: '停用', from: [online, busy, resting], to: disabled, perm, toolbar: false },
    },
    setters: [
      {
        endpoint: TECHNICIAN_UPDATE_STATUS,
        same: 'skip',
        done: TECHNICIAN_MSG.statusChanged,
        invalid: TECHNICIAN_MSG.statusInvalid,
        required: TECHNICIAN_MSG.statusRequired,
      },
    ],
  },
});

/** GET …/getTechMap: id → name of the technicians not stopped (pickers). */
export const TECHNICIAN_MAP = {
  method: 'GET',
  path: `${TECHNICIAN.decl.path}/getTechMap`,
  permission: TECHNICIAN.perms.list,
} as const satisfies DeclaredContract;

/** A technician on duty (在线 or 服务中) where they are based: 监控页's scatter. */
export interface OnDutyTechnician {
  id: string;
  name: string;
  workStatus: string;
  /** longitude and latitude of the home location; null when none is recorded */
  lng: number | null;
  lat: number | null;
}

/** GET …/onDuty: the technicians on duty in the caller's reach, by name (`OnDutyTechnician[]`). */
export const TECHNICIAN_ON_DUTY = {
  method: 'GET',
  path: `${TECHNICIAN.decl.path}/onDuty`,
  permission: TECHNICIAN.perms.list,
} as const satisfies DeclaredContract;
