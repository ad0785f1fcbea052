import type { EditableColumn, GridRow } from '../../components/data-grid/editable/types.ts';

const PROJECTS = [
  { value: 'tuina', text: '中式推拿' },
  { value: 'zuliao', text: '足疗' },
  { value: 'aijiu', text: '艾灸' },
  { value: 'baguan', text: '拔罐' },
];
const AREAS = [
  { value: 'cy', text: '朝阳区' },
  { value: 'hd', text: '海淀区' },
  { value: 'dc', text: '东城区' },
  { value: 'xc', text: '西城区' },
];

/** 技师排班: one column of every editable-grid type, with validation rules. */
export const ROSTER_COLUMNS: EditableColumn[] = [
  { key: 'sort', title: '排序', type: 'rowDragSort' },
  {
    key: 'techName',
    title: '技师',
    type: 'input',
    width: 110,
    placeholder: '技师姓名',
    validateRules: [{ required: true }, { unique: true }],
  },
  { key: 'phone', title: '手机', type: 'input', width: 130, validateRules: [{ pattern: 'm' }] },
  {
    key: 'project',
    title: '项目',
    type: 'select',
    width: 110,
    options: PROJECTS,
    validateRules: [{ required: true }],
  },
  {
    key: 'mode',
    title: '服务方式',
    type: 'selectSearch',
    width: 110,
    options: [
      { value: 'door', text: '上门' },
      { value: 'shop', text: '到店' },
    ],
  },
  { key: 'areas', title: '服务区域', type: 'selectMultiple', width: 140, options: AREAS },
  { key: 'skills', title: '擅长', type: 'list_multi', width: 130, options: PROJECTS },
  {
    key: 'partner',
    title: '所属商户',
    type: 'sel_search',
    width: 120,
    options: [
      { value: 'p1', text: '悦到家朝阳店' },
      { value: 'p2', text: '悦到家海淀店' },
    ],
  },
  {
    // a table dictionary: users searched on the server (loadDict), stored by username
    key: 'technician',
    title: '服务技师',
    type: 'sel_search_async',
    width: 120,
    dictCode: 'sys_user,realname,username',
  },
  { key: 'depart', title: '部门', type: 'sel_depart' },
  { key: 'manager', title: '督导', type: 'sel_user' },
  { key: 'serviceDate', title: '服务日期', type: 'date', validateRules: [{ required: true }] },
  { key: 'orderTime', title: '下单时间', type: 'datetime' },
  { key: 'startTime', title: '开始时间', type: 'time', width: 110 },
  {
    key: 'duration',
    title: '时长',
    type: 'inputNumber',
    width: 90,
    defaultValue: 60,
    statistics: ['sum'],
    validateRules: [{ required: true }, { pattern: 'z', message: '${title}必须是整数分钟' }],
  },
  {
    key: 'price',
    title: '价格',
    type: 'inputNumber',
    width: 100,
    statistics: ['sum', 'average'],
    validateRules: [
      { pattern: 'money' },
      { handler: ({ value }) => (Number(value) > 9999 ? '${title}不能超过9999' : true) },
    ],
  },
  { key: 'tags', title: '标签', type: 'tags', width: 120 },
  { key: 'confirmed', title: '已确认', type: 'checkbox', width: 80, customValue: ['Y', 'N'] },
  { key: 'sex', title: '性别', type: 'radio', width: 120, dictCode: 'sex' },
  { key: 'address', title: '地址', type: 'input_pop', width: 140 },
  { key: 'remark', title: '备注', type: 'textarea', width: 120 },
  { key: 'photo', title: '照片', type: 'image', width: 100 },
  // stored certificates stay (allowRemove false); the upload button says what to upload
  { key: 'license', title: '资质', type: 'file', width: 100, btnText: '上传资质', allowRemove: false },
  { key: 'attachment', title: '附件', type: 'upload', width: 100 },
  {
    // the user_select report fills 负责人 and 负责人电话 of the same row
    key: 'leader',
    title: '负责人',
    type: 'popup',
    width: 130,
    popupCode: 'user_select',
    orgFields: 'realname,phone',
    destFields: 'leader,leaderPhone',
  },
  { key: 'leaderPhone', title: '负责人电话', type: 'input', width: 130 },
  { key: 'progress', title: '完成度', type: 'progress', width: 120 },
  { key: 'status', title: '状态', type: 'normal', width: 90 },
  // a 分类字典 node (the category tree-select), stored by id, shown as its path
  { key: 'serviceCategory', title: '服务分类', type: 'sel_category', width: 150 },
  {
    key: 'actions',
    title: '详情',
    type: 'slot',
    width: 80,
    render: (_value, row) => (
      <span className="text-xs text-gray-500">{String(row.techName ?? '') || '—'}</span>
    ),
  },
  { key: 'internalCode', title: '内部编号', type: 'hidden' },
];

/** Saved rows of the roster (the third is settled and therefore disabled). */
export const ROSTER_ROWS: GridRow[] = [
  {
    id: '1001',
    techName: '王芳',
    phone: '13912345678',
    project: 'tuina',
    areas: 'cy,hd',
    serviceDate: '2026-05-01',
    duration: 60,
    price: 198,
    confirmed: 'Y',
    sex: '2',
    // a picture every install has (the seeded goods' first): a missing one showed a broken image
    photo: 'goods/seed/goods-1-1.png',
    progress: 40,
    status: '待服务',
    orderNum: 1,
    internalCode: 'T-01',
  },
  {
    id: '1002',
    techName: '李强',
    phone: '13800001111',
    project: 'zuliao',
    serviceDate: '2026-05-02',
    duration: 90,
    price: 268,
    confirmed: 'N',
    sex: '1',
    progress: 0,
    status: '待服务',
    orderNum: 2,
    internalCode: 'T-02',
  },
  {
    id: '1003',
    techName: '赵敏',
    phone: '13700002222',
    project: 'aijiu',
    serviceDate: '2026-04-20',
    duration: 45,
    price: 158,
    confirmed: 'Y',
    sex: '2',
    progress: 100,
    status: '已结算',
    orderNum: 3,
    internalCode: 'T-03',
  },
];

/** 物料清单: the second sub-table of the demo form. */
export const MATERIAL_COLUMNS: EditableColumn[] = [
  { key: 'name', title: '物料', type: 'input', validateRules: [{ required: true }] },
  { key: 'qty', title: '数量', type: 'inputNumber', validateRules: [{ required: true }, { pattern: 'z' }] },
];

export const MATERIAL_ROWS: GridRow[] = [{ id: '2001', name: '精油', qty: 2 }];
