/**
 * 客户 (yy_user): the customers of the apps, with their service addresses (yy_user_address) as a
 * sub table: edited with the customer (`addressList` of add / edit, replacing the addresses), at
 * most one default per customer. The balance is kept by payments and refunds, read only here.
 */
import type { DeclaredContract } from '../contracts.ts';
import { FORM_RULES } from '../validation.ts';
import { YES_NO } from './app-version.ts';
import { auditFields, defineResource } from './define.ts';

export const MEMBER_LEVELS = [
  { value: '1', text: '普通会员' },
  { value: '2', text: '银卡会员' },
  { value: '3', text: '金卡会员' },
  { value: '4', text: '钻石会员' },
] as const;

export const CUSTOMER_STATUS = [
  { value: '1', text: '正常' },
  { value: '2', text: '冻结' },
] as const;

export const CUSTOMER_SOURCES = [
  { value: '1', text: '微信小程序' },
  { value: '2', text: 'App' },
  { value: '3', text: 'H5' },
  { value: '4', text: '线下推广' },
  { value: '5', text: '后台录入' },
] as const;

/** Most service addresses a customer keeps. */
export const CUSTOMER_MAX_ADDRESSES = 20;

export const CUSTOMER_MSG = {
  mobileTaken: '手机号已存在',
  oneDefault: '只能设置一个默认地址',
  addresses: '地址列表格式不正确',
  tooMany: '最多保存20个地址',
  addressRow: (n: number, message: string) => `第${n}个地址：${message}`,
  blacklistReason: '列入黑名单请填写原因',
} as const;

/**
 * 客户地址: the rows of the customer's 服务地址 sub table, written only with the customer (its form
 * and `addressList` of add / edit), read in the customer's form, 详细信息 and through the list
 * (filtered by `userId`). It has no screen of its own.
 */
export const CUSTOMER_ADDRESS = defineResource({
  name: 'customerAddress',
  title: '客户地址',
  path: '/yy/yyUserAddress',
  operations: ['list'],
  // a customer's addresses are read with the customer: its codes are the customer's
  permDomain: 'customer',
  category: '客户列表',
  english: 'customer address',
  keywords: ['地址', '服务地址'],
  defaultSort: { field: 'sortNo', order: 'asc' },
  sheet: {
    title: '客户地址',
    sheetName: '客户地址',
    filename: '客户地址.xlsx',
    asciiFilename: 'customer-addresses.xlsx',
  },
  fields: [
    {
      key: 'userId',
      title: '客户id',
      type: 'string',
      system: true,
      filter: true,
      list: false,
      terminal: false,
    },
    { key: 'contact', title: '联系人', type: 'string', required: true, max: 50, list: { width: 100 } },
    {
      key: 'mobile',
      title: '联系电话',
      type: 'string',
      required: true,
      rule: FORM_RULES.mobile,
      list: { width: 120 },
    },
    { key: 'areaCode', title: '所在地区', type: 'area', required: '请选择所在地区', list: { width: 200 } },
    { key: 'detail', title: '详细地址', type: 'string', required: true, max: 200, list: { width: 240 } },
    { key: 'location', title: '经纬度', type: 'location', list: { width: 170 } },
    { key: 'isDefault', title: '默认', type: 'boolean', options: YES_NO, list: { width: 70 } },
    { key: 'sortNo', title: '排序', type: 'int', system: true, list: false, terminal: false },
  ],
});

export const CUSTOMER = defineResource({
  name: 'customer',
  title: '客户',
  path: '/yy/yyUser',
  operations: ['list', 'add', 'edit', 'delete', 'export'],
  component: 'yy/customer/YyUserList',
  category: '客户列表',
  english: 'customer',
  keywords: ['客户', '会员', '用户'],
  defaultSort: { field: 'registerTime', order: 'desc' },
  sheet: { title: '客户', sheetName: '客户', filename: '客户.xlsx', asciiFilename: 'customers.xlsx' },
  notFound: '客户不存在',
  commands: { addPositional: ['nickname', 'mobile'] },
  children: [
    {
      key: 'addressList',
      title: '服务地址',
      resource: CUSTOMER_ADDRESS,
      max: CUSTOMER_MAX_ADDRESSES,
      single: { key: 'isDefault', message: CUSTOMER_MSG.oneDefault },
      messages: {
        invalid: CUSTOMER_MSG.addresses,
        tooMany: CUSTOMER_MSG.tooMany,
        row: CUSTOMER_MSG.addressRow,
      },
    },
  ],
  fields: [
    { key: 'avatar', title: '头像', type: 'image', upload: { area: 'customer' }, list: { width: 70 } },
    {
      key: 'nickname',
      title: '昵称',
      type: 'string',
      required: true,
      max: 50,
      search: true,
      list: { width: 130 },
    },
    { key: 'realName', title: '姓名', type: 'string', max: 50, filter: true, list: { width: 100 } },
    {
      key: 'mobile',
      title: '手机号',
      type: 'string',
      required: true,
      rule: FORM_RULES.mobile,
      unique: CUSTOMER_MSG.mobileTaken,
      search: true,
      list: { width: 120 },
    },
    { key: 'sex', title: '性别', type: 'dict', dict: 'sex', list: { width: 70 } },
    {
      key: 'memberLevel',
      title: '会员等级',
      type: 'enum',
      options: MEMBER_LEVELS,
      search: true,
      list: { width: 100 },
    },
    { key: 'balance', title: '余额(元)', type: 'money', system: true, list: { width: 110 } },
    {
      key: 'status',
      title: '状态',
      type: 'enum',
      options: CUSTOMER_STATUS,
      search: true,
      list: { width: 80 },
    },
    {
      key: 'source',
      title: '来源渠道',
      type: 'enum',
      options: CUSTOMER_SOURCES,
      search: true,
      list: { width: 110 },
    },
    {
      key: 'blacklisted',
      title: '黑名单',
      type: 'boolean',
      options: YES_NO,
      search: true,
      list: { width: 80 },
    },
    {
      key: 'blacklistReason',
      title: '拉黑原因',
      type: 'string',
      max: 255,
      list: { width: 160 },
      terminal: false,
    },
    { key: 'registerTime', title: '注册时间', type: 'datetime', system: true, list: { width: 170 } },
    // the server half counts them (customerServer.computed)
    { key: 'addressCount', title: '地址数', type: 'int', computed: true, list: { width: 80 } },
    // late cancellations with a fee (违约) recorded against the customer
    { key: 'breachCount', title: '违约次数', type: 'int', computed: true, list: { width: 90 } },
    ...auditFields({ createBy: { list: false }, createTime: { list: false, terminal: false } }),
  ],
  stats: {
    dimensions: [
      { field: 'registerTime' },
      { field: 'memberLevel' },
      { field: 'source' },
      { field: 'status' },
      { field: 'sex' },
    ],
    measures: [
      { key: 'count', title: '客户数', fn: 'count' },
      { key: 'balance', title: '余额合计(元)', fn: 'sum', field: 'balance' },
      { key: 'levels', title: '会员等级数', fn: 'distinct', field: 'memberLevel' },
    ],
  },
});

/** GET …/queryYyUserAddressByMainId?id=: a customer's addresses (JeecgBoot's one-to-many call). */
export const CUSTOMER_ADDRESSES = {
  method: 'GET',
  path: `${CUSTOMER.decl.path}/queryYyUserAddressByMainId`,
  permission: CUSTOMER.perms.list,
} as const satisfies DeclaredContract;
