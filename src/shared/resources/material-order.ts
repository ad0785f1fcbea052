/**
 * 物料订单 (yy_material_order): goods (商品) a technician buys from the materials mall. Paid from
 * the technician's balance (a 资金流水 purchase entry at once, refused beyond what is available) or
 * deducted on the next statement (结算扣款: nothing posted now, the statement picks it up). The
 * stock is taken when ordered and never goes below zero; 发货 → 收货, and 取消 (from 待发货) puts
 * the stock back and reverses a balance payment.
 */
import type { DeclaredContract } from '../contracts.ts';
import { defineResource } from './define.ts';

const PATH = '/yy/yyMaterialOrder';
/** the codes of the menu seeded as 物料订单 (materialOrder:*), kept */
const DOMAIN = 'materialOrder';

export const MATERIAL_STATUS = { unshipped: '1', shipped: '2', received: '3', cancelled: '4' } as const;
const S = MATERIAL_STATUS;

export const MATERIAL_STATUSES = [
  { value: S.unshipped, text: '待发货' },
  { value: S.shipped, text: '已发货' },
  { value: S.received, text: '已收货' },
  { value: S.cancelled, text: '已取消' },
] as const;

export const MATERIAL_PAY = { balance: '1', statement: '2' } as const;

export const MATERIAL_PAY_METHODS = [
  { value: MATERIAL_PAY.balance, text: '余额支付' },
  { value: MATERIAL_PAY.statement, text: '结算扣款' },
] as const;

export const MATERIAL_MSG = {
  quantity: '数量须为1到9999之间的整数',
  goodsMissing: '商品不存在或已下架',
  outOfStock: (name: string, stock: number) => `商品「${name}」库存不足（剩余${stock}件）`,
  overBalance: (available: string) => `技师可用余额不足（可用${available}元），请选择结算扣款`,
  notFound: '物料订单不存在',
  technicianMissing: '技师不存在',
} as const;

/** GET …/technicianOptions: the technicians an order may name (the caller's reach of 技师列表). */
export const MATERIAL_TECHNICIAN_PICKER = {
  method: 'GET',
  path: `${PATH}/technicianOptions`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

/** GET …/goodsOptions: the goods on sale (name, price, stock). */
export const MATERIAL_GOODS_PICKER = {
  method: 'GET',
  path: `${PATH}/goodsOptions`,
  permission: `${DOMAIN}:list`,
} as const satisfies DeclaredContract;

export const MATERIAL_ORDER = defineResource({
  name: 'materialOrder',
  title: '物料订单',
  path: PATH,
  permDomain: DOMAIN,
  operations: ['list', 'add', 'export'],
  component: 'yy/mall/YyMaterialOrderList',
  category: '物料商城',
  english: 'material order',
  keywords: ['物料订单', '物料', '采购', '商城订单', 'material'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '物料订单',
    sheetName: '物料订单',
    filename: '物料订单.xlsx',
    asciiFilename: 'material-orders.xlsx',
  },
  notFound: MATERIAL_MSG.notFound,
  commands: { plural: 'material orders', addPositional: ['technicianId', 'goodsId', 'quantity'] },
  page: { actionsWidth: 220 },
  fields: [
    { key: 'orderNo', title: '订单号', type: 'string', system: true, filter: true, list: { width: 170 } },
    {
      key: 'technicianId',
      title: '技师',
      type: 'ref',
      reference: { resource: 'technician', label: 'name', picker: MATERIAL_TECHNICIAN_PICKER },
      required: true,
      sample: '王强怡',
      search: true,
      list: { width: 100 },
    },
    {
      key: 'goodsId',
      title: '商品',
      type: 'ref',
      reference: { resource: 'goods', label: 'name', picker: MATERIAL_GOODS_PICKER },
      required: true,
      sample: '薰衣草舒缓按摩精油',
      list: false,
    },
    { key: 'goodsName', title: '商品名称', type: 'string', system: true, list: { width: 160 } },
    { key: 'price', title: '单价(元)', type: 'money', system: true, list: { width: 100 } },
    {
      key: 'quantity',
      title: '数量',
      type: 'int',
      required: true,
      invalidMessage: MATERIAL_MSG.quantity,
      list: { width: 70 },
    },
    { key: 'amount', title: '金额(元)', type: 'money', system: true, list: { width: 100 } },
    {
      key: 'payMethod',
      title: '支付方式',
      type: 'enum',
      options: MATERIAL_PAY_METHODS,
      required: true,
      search: true,
      list: { width: 90 },
    },
    {
      key: 'status',
      title: '状态',
      type: 'enum',
      options: MATERIAL_STATUSES,
      system: true,
      search: true,
      list: { width: 80 },
    },
    { key: 'trackingNo', title: '物流单号', type: 'string', system: true, list: { width: 150 } },
    { key: 'statementId', title: '结算单id', type: 'string', system: true, list: false, terminal: false },
    { key: 'cancelReason', title: '取消原因', type: 'string', system: true, list: { width: 160 } },
    { key: 'remark', title: '备注', type: 'string', max: 255, list: { width: 140 } },
    { key: 'partnerId', title: '商户id', type: 'string', system: true, list: false, terminal: false },
    { key: 'createTime', title: '下单时间', type: 'datetime', system: true, list: { width: 160 } },
  ],
  states: {
    field: 'status',
    label: 'orderNo',
    transitions: {
      ship: {
        title: '发货',
        from: [S.unshipped],
        to: S.shipped,
        params: [{ key: 'trackingNo', title: '物流单号', type: 'string', max: 64 }],
      },
      receive: { title: '确认收货', from: [S.shipped], to: S.received, english: 'receive' },
      cancel: { title: '取消', from: [S.unshipped], to: S.cancelled, reason: 'required' },
    },
  },
});
